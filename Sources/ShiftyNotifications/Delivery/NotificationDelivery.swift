import Foundation
import ShiftyDomain
import ShiftyLocalization

/// One claimed row of `notification_deliveries`, with what sending it needs.
struct NotificationDelivery: Sendable, Equatable {
    var id: Int64
    var workplaceID: Int64
    var workplaceName: String
    var userID: Int64?
    var recipientName: String
    /// The member's e-mail now (it may have changed since the row was written), or the row's own address.
    var emailAddress: String?
    var kind: NotificationKind
    var channel: NotificationChannel
    var subject: String
    var body: String
    var link: String
    var messageID: String
    var digest: Bool
    var attempts: Int
    /// The language the row's text was written in.
    var language: LanguageCode = .english
}
