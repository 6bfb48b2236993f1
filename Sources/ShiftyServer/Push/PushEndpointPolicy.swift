/// Which push service URLs the server will POST to.
///
/// The endpoint comes from the browser, so without a check any member could make the server send
/// requests to any address (server-side request forgery). Real endpoints are HTTPS on the browser
/// vendors' push services; these are allowed by default, more hosts by configuration
/// (`--push-service-host`), and plain-HTTP loopback only when a test switches it on.
public struct PushEndpointPolicy: Sendable {
    /// Host names (or parent domains) of the push services of Chrome/Edge/Opera (FCM), Firefox
    /// (Mozilla autopush), Safari (Apple) and Windows (WNS).
    public static let knownServiceDomains = [
        "fcm.googleapis.com", "android.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com",
    ]

    public var extraHosts: [String] = []
    /// Allow `http://127.0.0.1:…` and `http://localhost:…` (the tests' push-service stand-in).
    public var allowLoopbackHTTP = false

    public init(extraHosts: [String] = [], allowLoopbackHTTP: Bool = false) {
        self.extraHosts = extraHosts
        self.allowLoopbackHTTP = allowLoopbackHTTP
    }

    /// Whether an endpoint may be stored and posted to.
    public func allows(_ endpoint: String) -> Bool {
        guard endpoint.utf8.count <= 2000, !endpoint.contains(where: { $0.isWhitespace || $0 == "\\" }) else { return false }
        let lower = endpoint.lowercased()
        let isHTTPS = lower.hasPrefix("https://")
        guard isHTTPS || lower.hasPrefix("http://") else { return false }
        let authority = lower.dropFirst(isHTTPS ? 8 : 7).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return false }
        let host = Self.host(of: String(authority))
        if !isHTTPS {
            return allowLoopbackHTTP && (host == "127.0.0.1" || host == "localhost" || host == "[::1]")
        }
        return (Self.knownServiceDomains + extraHosts.map { $0.lowercased() }).contains { domain in
            host == domain || host.hasSuffix("." + domain)
        }
    }

    static func host(of authority: String) -> String {
        if authority.hasPrefix("[") { return String(authority.prefix { $0 != "]" }) + "]" }
        return String(authority.prefix { $0 != ":" })
    }
}
