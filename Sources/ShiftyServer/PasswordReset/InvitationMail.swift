import Foundation
import ShiftyDomain
import ShiftyPostgres

/// An invite code sent by e-mail: a delivery row to an address (the person is not a member yet),
/// written in the same transaction as the code; the code is scrubbed from the outbox once sent.
enum InvitationMail {
    static func queue(
        invite: InviteView, code: String, to address: String, workplace: WorkplaceView, links: NotificationLinks,
        on connection: PostgresConnection
    ) throws {
        let text = NotificationText(
            subject: "You are invited to \(workplace.name) on Shifty",
            body: "You are invited to join \(workplace.name) on Shifty, where the team trades shifts. On the login page choose \u{201C}Join with an invite code\u{201D} and enter:\n\nWorkplace: \(workplace.slug)\nInvite code: \(code)\n\nThe code works until \(ISO8601DateFormatter().string(from: invite.expiresAt)).",
            route: "#/schedule")
        try NotificationDeliveryStore.insert(
            workplaceID: workplace.id, userID: nil, address: address, eventID: nil, dedupeKey: "invite:\(invite.id)",
            kind: .account, channel: .email, text: text, messageID: links.messageID("invite\(invite.id)"),
            digest: false, notBefore: Date(), on: connection)
    }
}
