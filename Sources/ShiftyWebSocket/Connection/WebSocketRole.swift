/// Which end of the connection we are; it decides the masking direction (RFC 6455 §5.1) and who closes
/// the TCP connection first (§7.1.1: the server).
public enum WebSocketRole: Sendable, Hashable {
    case server
    case client
}
