import Foundation
import ShiftyDomain

/// The e-mail channel: renders the multipart message and hands it to the SMTP server.
public struct EmailSender: NotificationSender {
    public var channel: NotificationChannel { .email }
    let transport: CurlSMTPTransport

    public init(settings: SMTPSettings) {
        transport = CurlSMTPTransport(settings: settings)
    }

    public func send(_ message: OutgoingNotification, to recipient: NotificationRecipient) async throws -> DeliveryOutcome {
        guard let address = recipient.emailAddress, !address.isEmpty else {
            return .gone("\(recipient.displayName) has no e-mail address")
        }
        // Stored before addresses were checked (or changed in the database by hand): never mailed,
        // and the failure says why; the team page marks the address (`emailInvalid`).
        do {
            _ = try EmailAddress(address)
        } catch {
            return .gone("not sent: the stored e-mail address \(error)")
        }
        let mail = MailMessage(
            from: transport.settings.from, to: MailMessage.headerSafe(address), toName: recipient.displayName,
            notification: message, date: Date())
        do {
            try await transport.send(to: address, message: mail.rendered())
            return .delivered
        } catch let failure as CurlSMTPTransport.Failure {
            return failure.permanent ? .gone(failure.description) : .retryLater(failure.description)
        }
    }
}
