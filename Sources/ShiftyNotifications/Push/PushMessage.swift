import Foundation
import ShiftyDomain
import ShiftyLocalization

/// What a push notification shows: the JSON the service worker reads in its `push` handler.
///
/// Short and generic on purpose: the lock screen is public, so the text names the kind of news and
/// the page (opened by a click, after login) shows the details the e-mail would carry.
struct PushMessage: Codable, Sendable, Equatable {
    var title: String
    var body: String
    /// The page to open on click, as the page's own hash route (`/#/schedule`).
    var url: String
    /// The notification's `tag` on the device: the outbox row's message id, so a resend of the same
    /// row (after a crash or a retry) replaces the one shown instead of piling up.
    var tag: String
    /// The ``NotificationKind`` it is about.
    var kind: String

    /// The push for an outbox message: one item's kind in generic words, or a count for several.
    init(_ message: OutgoingNotification) {
        let catalogue = Catalogue.of(message.language)
        if message.items.count == 1 {
            (title, body) = Self.words(for: message.items[0].kind, in: catalogue)
        } else {
            (title, body) = (catalogue.text("server.push.digest.title"), catalogue.plural("server.push.digest.body", count: message.items.count))
        }
        url = Self.route(ofLink: message.items.first?.link ?? "")
        tag = message.messageID.trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
        kind = message.items.count == 1 ? message.items[0].kind.rawValue : "digest"
    }

    /// The page's hash route of an absolute link (`https://shifty.example/#/swaps` → `/#/swaps`),
    /// so the click opens the page at the origin the service worker runs on.
    static func route(ofLink link: String) -> String {
        guard let hash = link.firstIndex(of: "#") else { return "/#/notifications" }
        return "/" + link[hash...]
    }

    /// The generic title and body for one kind (`server.push.<kind>.title` / `.body`).
    static func words(for kind: NotificationKind, in catalogue: Catalogue = .of(.english)) -> (String, String) {
        (catalogue.text("server.push.\(kind.rawValue).title"), catalogue.text("server.push.\(kind.rawValue).body"))
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}
