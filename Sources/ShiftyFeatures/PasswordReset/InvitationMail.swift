import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyLocalization
import ShiftyNotifications
import ShiftyPostgres

/// An invite code sent by e-mail: a delivery row to an address (the person is not a member yet),
/// written in the same transaction as the code; the code is scrubbed from the outbox once sent.
enum InvitationMail {
    static func queue(
        invite: InviteView, code: String, to address: String, workplace: WorkplaceView, links: NotificationLinks,
        on connection: PostgresConnection
    ) throws {
        // Not a member yet: the workplace's language, and its clock for the expiry.
        let language = workplace.settings.language
        let catalogue = Catalogue.of(language)
        let format = LocalFormatter(language: language, timeZone: TimeZone(identifier: workplace.timeZone) ?? .gmt)
        let values = [
            "workplace": workplace.name, "slug": workplace.slug, "code": code,
            "expires": "\(format.date(invite.expiresAt, .long)) \(format.time(invite.expiresAt))",
        ]
        let text = NotificationText(
            subject: catalogue.text("server.mail.invitation.subject", values),
            body: catalogue.text("server.mail.invitation.body", values),
            route: "#/schedule", language: language)
        try NotificationDeliveryStore.insert(
            workplaceID: workplace.id, userID: nil, address: address, eventID: nil, dedupeKey: "invite:\(invite.id)",
            kind: .account, channel: .email, text: text, messageID: links.messageID("invite\(invite.id)"),
            digest: false, notBefore: Date(), on: connection)
    }
}
