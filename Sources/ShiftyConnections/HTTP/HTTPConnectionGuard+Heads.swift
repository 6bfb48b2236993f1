import NIOHTTP1

/// What the guard checks in a request head before anything else sees it.
extension HTTPConnectionGuard {
    /// RFC 9112 §3.2: a server MUST answer 400 to an HTTP/1.1 request without a `Host`, and to any
    /// request with more than one or with an invalid value. HTTP/1.0 predates `Host`, so without one it
    /// is served (the router does not need it).
    static func hostRefusal(_ head: HTTPRequestHead) -> HTTPConnectionRefusal? {
        let hosts = head.headers["Host"]
        switch hosts.count {
        case 0:
            return head.version.major == 1 && head.version.minor == 0 ? nil : .hostMissing
        case 1:
            return isValidHost(hosts[0]) ? nil : .hostInvalid
        default:
            return .hostRepeated
        }
    }

    /// `uri-host [ ":" port ]` (RFC 3986): a name, an IPv4 address or a bracketed IPv6 literal, and
    /// digits after the colon. Empty is allowed (a target without an authority, RFC 9112 §3.2).
    static func isValidHost(_ value: String) -> Bool {
        var host = Substring(value)
        var port: Substring = ""
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                port = rest.dropFirst()
            }
            host = ""
        } else if let colon = host.lastIndex(of: ":") {
            port = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        let nameSymbols: Set<Character> = ["-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "%"]
        guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || nameSymbols.contains($0)) }) else { return false }
        return port.count <= 5 && port.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// What a health-check-only connection may ask: `GET` (or `HEAD`) of `/healthz`.
    static func isHealthCheck(_ head: HTTPRequestHead) -> Bool {
        guard head.method == .GET || head.method == .HEAD else { return false }
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return path == "/healthz"
    }
}
