import ShiftyServerCore
/// Which push service URLs the server will POST to.
///
/// The endpoint comes from the browser, so without a check any member could make the server send
/// requests to any address (server-side request forgery). Real endpoints are HTTPS on port 443 of
/// the browser vendors' push services; these are allowed by default, more hosts by configuration
/// (`--push-service-host host` for port 443, `host:port` for an operator's own service on another
/// port), and plain-HTTP loopback only when a test switches it on.
public struct PushEndpointPolicy: Sendable {
    /// Host names (or parent domains) of the push services of Chrome/Edge/Opera (FCM), Firefox
    /// (Mozilla autopush), Safari (Apple) and Windows (WNS).
    public static let knownServiceDomains = [
        "fcm.googleapis.com", "android.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com",
    ]

    /// The only port an endpoint may name unless an extra host names another.
    public static let standardPort = 443

    /// `host` (or parent domain, port 443) or `host:port` entries, lower case.
    public var extraHosts: [String] = []
    /// Allow `http://127.0.0.1:…` and `http://localhost:…` (the tests' push-service stand-in).
    public var allowLoopbackHTTP = false

    public init(extraHosts: [String] = [], allowLoopbackHTTP: Bool = false) {
        self.extraHosts = extraHosts
        self.allowLoopbackHTTP = allowLoopbackHTTP
    }

    /// A host (or parent domain) and the port endpoints on it may use.
    struct Service: Equatable {
        var domain: String
        var port: Int

        func serves(host: String, port: Int) -> Bool {
            port == self.port && (host == domain || host.hasSuffix("." + domain))
        }
    }

    /// An entry of `--push-service-host`: `push.example.org` (port 443) or `push.example.org:8443`;
    /// nil when it is neither (a scheme, a path, a user, a bad port).
    static func service(fromEntry entry: String) -> Service? {
        let lower = entry.lowercased()
        guard !lower.isEmpty, !lower.contains(where: { "/@ ?#\\".contains($0) || $0.isWhitespace }) else { return nil }
        let host = Self.host(of: lower)
        guard !host.isEmpty, host != "[]", !host.hasPrefix(".") else { return nil }
        let rest = lower.dropFirst(host.count)
        if rest.isEmpty { return Service(domain: host, port: standardPort) }
        guard rest.hasPrefix(":"), let port = port(String(rest.dropFirst())) else { return nil }
        return Service(domain: host, port: port)
    }

    /// Whether an entry of `--push-service-host` can be used.
    public static func isValidEntry(_ entry: String) -> Bool { service(fromEntry: entry) != nil }

    /// Whether an endpoint may be stored and posted to.
    public func allows(_ endpoint: String) -> Bool {
        guard endpoint.utf8.count <= 2000, !endpoint.contains(where: { $0.isWhitespace || $0 == "\\" }),
              !SingleLineText.hasControlCharacters(endpoint)
        else { return false }
        let lower = endpoint.lowercased()
        let isHTTPS = lower.hasPrefix("https://")
        guard isHTTPS || lower.hasPrefix("http://") else { return false }
        let authority = String(lower.dropFirst(isHTTPS ? 8 : 7).prefix { $0 != "/" && $0 != "?" && $0 != "#" })
        guard !authority.isEmpty, !authority.contains("@") else { return false }
        let host = Self.host(of: authority)
        let rest = authority.dropFirst(host.count)
        if !isHTTPS {
            return allowLoopbackHTTP && (host == "127.0.0.1" || host == "localhost" || host == "[::1]")
        }
        let port: Int
        if rest.isEmpty {
            port = Self.standardPort
        } else {
            guard rest.hasPrefix(":"), let given = Self.port(String(rest.dropFirst())) else { return false }
            port = given
        }
        let services = Self.knownServiceDomains.map { Service(domain: $0, port: Self.standardPort) } + extraHosts.compactMap(Self.service(fromEntry:))
        return services.contains { $0.serves(host: host, port: port) }
    }

    /// The host part of `host[:port]` or `[v6][:port]`; empty for an unclosed bracket.
    static func host(of authority: String) -> String {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return "" }
            return String(authority[...close])
        }
        return String(authority.prefix { $0 != ":" })
    }

    /// 1 to 65535, digits only.
    static func port(_ text: String) -> Int? {
        guard (1...5).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(text), (1...65535).contains(port) else {
            return nil
        }
        return port
    }
}
