import NIOCore

/// A complete data message: all fragments joined, text already validated as UTF-8.
public struct WebSocketMessage: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case text
        case binary
    }

    public var kind: Kind
    /// The payload bytes. Kept as bytes (not `String`) so echoing or forwarding costs no conversion.
    public var data: ByteBuffer

    public init(kind: Kind, data: ByteBuffer) {
        self.kind = kind
        self.data = data
    }

    public static func text(_ string: String) -> WebSocketMessage {
        WebSocketMessage(kind: .text, data: ByteBuffer(string: string))
    }

    public static func binary(_ data: ByteBuffer) -> WebSocketMessage {
        WebSocketMessage(kind: .binary, data: data)
    }

    /// The text of a text message (always valid UTF-8 once received), `nil` for binary messages.
    public var text: String? {
        guard self.kind == .text else { return nil }
        return String(buffer: self.data)
    }

    var opcode: WebSocketOpcode { self.kind == .text ? .text : .binary }
}
