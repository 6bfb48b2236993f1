import Hummingbird
import NIOCore

/// Gathers a response body in memory. API answers are small JSON documents; the stored answer of
/// an idempotent request needs the bytes, and the client then gets the same bytes.
struct ResponseBodyCollector: ResponseBodyWriter {
    final class Storage: @unchecked Sendable {
        var buffer = ByteBuffer()
    }

    let storage: Storage

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        storage.buffer.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}

    /// The whole body of `response`.
    static func collect(_ response: Response) async throws -> ByteBuffer {
        let storage = Storage()
        try await response.body.write(ResponseBodyCollector(storage: storage))
        return storage.buffer
    }
}
