@_spi(CustomByteBufferAllocator) import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension WebSocketFrameEncoder {
    /// libc's `malloc`, `realloc` and `free`, the same functions NIO's default allocator uses today, named
    /// here so that a buffer built from our own `malloc` is certain to be freed by the matching `free`.
    static let libcAllocator = ByteBufferAllocator(
        allocate: { size in malloc(size) },
        reallocate: { pointer, _, newSize in realloc(pointer, newSize) },
        deallocate: { pointer in free(pointer) },
        copy: { destination, source, count in destination.copyMemory(from: source, byteCount: count) }
    )

    /// Encodes a whole frame into memory of exactly its size.
    ///
    /// `ByteBufferAllocator.buffer(capacity:)` rounds every capacity up to a power of two: a 1 KiB payload's
    /// 1,028-byte frame would take a 2 KiB block, which glibc serves from its slower shared bins, and
    /// whose second half is never written. Here the frame gets one `malloc` of its exact size (a size glibc
    /// caches per thread up to 1,032 bytes), handed to the buffer with NIO's allocator SPI. The buffer is
    /// an ordinary `ByteBuffer` afterwards: it frees with `free` and grows with `realloc` like any other.
    static func encodeFrameExactSize(
        opcode: WebSocketOpcode,
        maskingKey: WebSocketMaskingKey?,
        payload: ByteBuffer
    ) -> ByteBuffer {
        let count = payload.readableBytes
        let header = WebSocketFrameHeader(fin: true, opcode: opcode, maskingKey: maskingKey, payloadLength: count)
        let size = header.encodedSize + count
        guard let memory = malloc(size) else {
            // Out of memory is not ours to handle; let the usual path report it as NIO does.
            return Self.encodeFrame(opcode: opcode, maskingKey: maskingKey, payload: payload, allocator: Self.libcAllocator)
        }
        let headerSize = Self.storeHeader(header, at: memory)
        if count > 0 {
            payload.withUnsafeReadableBytes { source in
                guard let sourceBase = source.baseAddress else { return }
                if let key = maskingKey {
                    key.apply(
                        from: source,
                        to: UnsafeMutableRawBufferPointer(start: memory + headerSize, count: count),
                        offset: 0
                    )
                } else {
                    (memory + headerSize).copyMemory(from: sourceBase, byteCount: count)
                }
            }
        }
        return ByteBuffer(
            takingOwnershipOf: UnsafeMutableRawBufferPointer(start: memory, count: size),
            allocator: Self.libcAllocator
        )
    }
}
