/// A refused client message on the live stream (`{"type":"error",…}`, docs/live-protocol.md):
/// the connection stays open. `code` is one of the problem codes (openapi.yaml `Problem.code`),
/// `message` a sentence for people. The server encodes this type and the terminal decodes it.
public struct LiveErrorMessage: Codable, Sendable, Hashable {
    /// Always `error` (the live message's type).
    public var type: String
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.type = "error"
        self.code = code
        self.message = message
    }
}
