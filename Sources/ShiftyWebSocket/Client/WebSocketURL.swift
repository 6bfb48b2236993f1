/// A `ws://host[:port][/path][?query]` address (TLS, `wss://`, is not implemented yet).
public struct WebSocketURL: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    /// Path and query, starting with "/".
    public var target: String

    public init(host: String, port: Int, target: String = "/") {
        self.host = host
        self.port = port
        self.target = target.hasPrefix("/") ? target : "/" + target
    }

    /// Parses a `ws://` URL; `nil` for other schemes or malformed ports.
    public init?(_ string: String) {
        guard string.lowercased().hasPrefix("ws://") else { return nil }
        let rest = string.dropFirst(5)
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var target = String(rest[authorityEnd...])
        if target.isEmpty { target = "/" }
        if target.hasPrefix("?") { target = "/" + target }
        var host = Substring(authority)
        var port = 80
        if authority.hasPrefix("[") {
            // IPv6 literal: [::1]:8080
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let afterBracket = authority[authority.index(after: close)...]
            if afterBracket.hasPrefix(":") {
                guard let parsed = Int(afterBracket.dropFirst()) else { return nil }
                port = parsed
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let parsed = Int(authority[authority.index(after: colon)...]) else { return nil }
            port = parsed
        }
        guard !host.isEmpty, (1...65535).contains(port) else { return nil }
        self.init(host: String(host), port: port, target: target)
    }

    /// The `Host` header value.
    public var hostHeader: String {
        let name = self.host.contains(":") ? "[\(self.host)]" : self.host
        return self.port == 80 ? name : "\(name):\(self.port)"
    }

    public var description: String { "ws://\(self.hostHeader)\(self.target)" }
}
