import NIOCore
@testable import ShiftyWebSocket

/// Helpers to build wire bytes for tests, written independently of the encoder under test where it matters.
enum TestFrames {
    /// Hand-assembles a frame, allowing illegal shapes (non-minimal lengths, reserved bits, bad opcodes).
    static func raw(
        fin: Bool = true,
        rsv: UInt8 = 0,
        opcode: UInt8,
        mask: [UInt8]? = [0x37, 0xFA, 0x21, 0x3D],
        payload: [UInt8],
        lengthForm: LengthForm = .minimal
    ) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | rsv | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        let count = payload.count
        switch lengthForm == .minimal ? (count <= 125 ? .seven : count <= 0xFFFF ? .sixteen : .sixtyFour) : lengthForm {
        case .seven, .minimal:
            bytes.append(maskBit | UInt8(count))
        case .sixteen:
            bytes.append(maskBit | 126)
            bytes.append(UInt8(count >> 8))
            bytes.append(UInt8(count & 0xFF))
        case .sixtyFour:
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8((count >> shift) & 0xFF))
            }
        }
        if let mask {
            bytes.append(contentsOf: mask)
            bytes.append(contentsOf: payload.enumerated().map { $0.element ^ mask[$0.offset % 4] })
        } else {
            bytes.append(contentsOf: payload)
        }
        return bytes
    }

    enum LengthForm: Equatable {
        case minimal, seven, sixteen, sixtyFour
    }

    /// Reads every event from `bytes`, delivering them `chunkSize` bytes at a time.
    static func readEvents(
        _ bytes: [UInt8],
        chunkSize: Int,
        server: Bool = true,
        maxFrameSize: Int = 1 << 24,
        maxMessageSize: Int = 1 << 24
    ) -> (events: [WebSocketInboundEvent], error: WebSocketProtocolError?) {
        var reader = WebSocketMessageReader(
            expectsMaskedFrames: server,
            maxFrameSize: maxFrameSize,
            maxMessageSize: maxMessageSize
        )
        var events: [WebSocketInboundEvent] = []
        var pending = ByteBuffer()
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            pending.writeBytes(bytes[offset..<end])
            offset = end
            do {
                while let event = try reader.next(from: &pending) {
                    events.append(event)
                }
            } catch {
                return (events, error)
            }
            pending.discardReadBytes()
        }
        return (events, nil)
    }
}
