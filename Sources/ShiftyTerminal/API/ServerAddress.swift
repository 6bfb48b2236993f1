import Foundation

/// The base address of a Shifty server (`http://localhost:8080`, `https://shifts.example.com/`),
/// from which the REST and live URLs are derived.
public struct ServerAddress: Sendable, Hashable, CustomStringConvertible {
    public var scheme: String
    public var host: String
    public var port: Int
    /// A path prefix when the server sits under a sub-path behind a proxy; "" otherwise.
    public var basePath: String

    /// Parses `http(s)://host[:port][/prefix]`; a bare `host:port` means http.
    public init?(_ text: String) {
        var string = text.trimmingCharacters(in: .whitespaces)
        if !string.contains("://") { string = "http://" + string }
        guard let components = URLComponents(string: string),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = components.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(self.port) else { return nil }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        self.basePath = path
    }

    public var isTLS: Bool { self.scheme == "https" }

    public var description: String {
        let defaultPort = self.isTLS ? 443 : 80
        let name = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "\(self.scheme)://\(name)\(self.port == defaultPort ? "" : ":\(self.port)")\(self.basePath)"
    }

    /// The `Host` header value: the name, and the port unless it is the scheme's default.
    public var hostHeader: String {
        let name = self.host.contains(":") ? "[\(self.host)]" : self.host
        return self.port == (self.isTLS ? 443 : 80) ? name : "\(name):\(self.port)"
    }

    /// The URL of an API path such as `/api/v1/marketplace`.
    public func url(_ path: String) -> URL? {
        URL(string: self.description + path)
    }

    /// Path and query of the live endpoint for a WebSocket request line.
    public func liveTarget(_ target: String) -> String {
        self.basePath + target
    }
}
