/// Why a client handshake failed.
public enum WebSocketClientError: Error, Hashable, Sendable {
    /// The server answered with something other than 101 (status code and reason phrase).
    case unexpectedStatus(Int, String)
    /// The 101 answer lacked the upgrade headers or had a wrong `Sec-WebSocket-Accept`.
    case invalidUpgradeResponse(String)
    /// The response head was not parseable HTTP or exceeded the size limit.
    case malformedResponse
    /// The connection closed before the handshake finished.
    case connectionClosed
}
