import Foundation

/// Which address a request came from, for per-address login throttling.
///
/// Behind a reverse proxy every request arrives from the proxy, so one attacker's failed logins
/// would lock out everybody. When the peer is a configured trusted proxy, the client is the
/// right-most `X-Forwarded-For` entry that is not itself a trusted proxy (entries further left were
/// written by the client and cannot be trusted). Without trusted proxies the header is ignored, so a
/// client cannot pick its own throttling key.
public enum ClientAddress {
    public static func resolve(peer: String?, forwardedFor: [String], trustedProxies: Set<String>) -> String? {
        guard let peer, trustedProxies.contains(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        var client = peer
        for hop in hops.reversed() {
            guard isAddress(hop) else { break }
            client = hop
            if !trustedProxies.contains(hop) { break }
        }
        return client
    }

    /// Whether `text` can be configured as a trusted proxy address.
    public static func isValidLiteral(_ text: String) -> Bool { isAddress(text) }

    /// An IPv4 or IPv6 literal (no ports, no names): anything else ends the trusted chain.
    static func isAddress(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= 45 else { return false }
        let allowed = Set("0123456789abcdefABCDEF.:")
        return text.allSatisfy(allowed.contains) && (text.contains(".") || text.contains(":"))
    }
}
