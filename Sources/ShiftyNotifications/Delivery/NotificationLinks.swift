import Foundation

/// Absolute links into the page and Message-IDs, made from the server's public URL
/// (`--public-url`, default `http://<host>:<port>`).
public struct NotificationLinks: Sendable, Equatable {
    public var publicURL: String

    public init(publicURL: String) {
        var url = publicURL
        while url.hasSuffix("/") { url.removeLast() }
        self.publicURL = url
    }

    /// `route` is the page's hash route, e.g. `#/swaps`.
    public func page(_ route: String) -> String { "\(publicURL)/\(route)" }

    /// Where a person changes their notifications (the List-Unsubscribe target).
    public var preferences: String { page("#/account") }

    /// A Message-ID that names the message only by `local` (e.g. `e12.u3.email`), so every attempt
    /// of the same (event, person, channel) carries the same one.
    public func messageID(_ local: String) -> String {
        let host = URL(string: publicURL)?.host ?? "shifty.invalid"
        return "<\(local)@\(host.isEmpty ? "shifty.invalid" : host)>"
    }
}
