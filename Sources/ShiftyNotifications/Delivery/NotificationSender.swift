import ShiftyDomain
import ShiftyLocalization

/// The seam every delivery channel plugs into: e-mail (``EmailSender``) today, Web Push next.
///
/// The delivery worker claims due rows of the sender's ``channel``, calls ``send(_:to:)`` off any
/// transaction, and records the outcome; a sender never touches the outbox itself. Senders must
/// be safe to call from several tasks at once.
public protocol NotificationSender: Sendable {
    /// The channel whose rows this sender delivers.
    var channel: NotificationChannel { get }
    /// Sends one message (or one digest) to one person. Throwing counts as ``DeliveryOutcome/retryLater(_:)``.
    func send(_ message: OutgoingNotification, to recipient: NotificationRecipient) async throws -> DeliveryOutcome
}

/// What became of one attempt.
public enum DeliveryOutcome: Sendable, Equatable {
    /// Accepted by the mail server / push service: the row is done.
    case delivered
    /// A temporary failure: try again after a backoff, until the attempt limit.
    case retryLater(String)
    /// It can never arrive (no address, subscription expired): the row fails at once, visible to managers.
    case gone(String)
}

/// One message to send: a single notification, or several bundled into a daily digest.
public struct OutgoingNotification: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var kind: NotificationKind
        public var subject: String
        public var body: String
        /// An absolute link to the page that shows it.
        public var link: String
    }

    public var items: [Item]
    /// The Message-ID the mail carries: derived from (event, person), so a resend after a crash is
    /// recognisably the same message (docs/notifications.md).
    public var messageID: String
    /// Where the person changes what they get (List-Unsubscribe, the footer link).
    public var preferencesLink: String
    public var workplaceName: String
    /// The recipient's language, which the items were written in: the frame around them follows it.
    public var language: LanguageCode = .english

    public var isDigest: Bool { items.count > 1 }
    public var subject: String {
        items.count == 1
            ? items[0].subject
            : Catalogue.of(language).plural("server.mail.digest.subject", count: items.count, ["workplace": workplaceName])
    }
}

/// Who a message is for.
public struct NotificationRecipient: Sendable, Equatable {
    /// nil for an invitation to someone who is not a member yet.
    public var userID: Int64?
    public var displayName: String
    public var emailAddress: String?
}
