import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyLocalization
import ShiftyNotifications
import ShiftyPostgres
import ShiftyServerCore

/// One-time password reset links: made by a manager for a member (handed over in person), or
/// mailed to a member who forgot their password. Using one sets a new password, ends every other
/// session and logs in.
package struct PasswordResetService: Sendable {
    let pool: PostgresPool
    let passwords: PasswordService
    let configuration: ServerConfiguration

    static let managerLinkLifetime: Duration = .seconds(72 * 3600)
    static let emailLinkLifetime: Duration = .seconds(3600)
    /// Links mailed per member per hour; more requests are answered the same way but send nothing.
    static let emailsPerMemberPerHour = 3
    /// Requests per client address per 15 minutes before 429 `reset_throttled`.
    static let requestsPerAddress = 10

    var links: NotificationLinks { configuration.notificationLinks }

    package init(pool: PostgresPool, passwords: PasswordService, configuration: ServerConfiguration) {
        self.pool = pool
        self.passwords = passwords
        self.configuration = configuration
    }

    /// A manager makes a link for a member of their workplace.
    package func createLink(_ caller: AuthenticatedUser, userID: Int64) async throws -> PasswordResetLinkView {
        try caller.requireManager()
        return try await pool.transaction { connection in
            guard let user = try AccountStore.user(id: userID, workplaceID: caller.workplaceID, on: connection), user.active else {
                throw PasswordResetRefusal.memberNotFound
            }
            let made = try PasswordResetStore.create(userID: user.id, createdBy: caller.id, lifetime: Self.managerLinkLifetime, on: connection)
            return PasswordResetLinkView(link: links.page("#/reset?token=\(made.token)"), expiresAt: made.expiresAt)
        }
    }

    /// "Forgot password": mails a link to every active member of the workplace whose e-mail address
    /// or username is `identifier`. Answers the same whether or not anyone matched, so nobody can
    /// learn who has an account; a member gets at most ``emailsPerMemberPerHour`` links an hour.
    package func requestByEmail(workplace slug: String, identifier: String, remoteAddress: String?) async throws {
        guard configuration.smtp != nil else {
            throw PasswordResetRefusal.emailDisabled
        }
        if let remoteAddress {
            // Counted before anything is looked up, in one statement: parallel requests cannot pass the limit.
            let policy = configuration.loginThrottle
            let key = ThrottleKey("reset:\(remoteAddress)", limit: Self.requestsPerAddress, window: policy.window, lockout: policy.lockout)
            do {
                _ = try await LoginThrottle.reserve([key], in: pool)
            } catch let refusal as ThrottleRefusal {
                throw PasswordResetRefusal.throttled(retryAfterSeconds: refusal.retryAfterSeconds)
            }
        }
        let wanted = identifier.trimmingCharacters(in: .whitespaces).lowercased()
        let workplaceSlug = slug.trimmingCharacters(in: .whitespaces).lowercased()
        guard !wanted.isEmpty, wanted.count <= 320 else { return }
        let links = self.links
        try await pool.transaction { connection in
            let members = try connection.query(
                """
                SELECT u.id, u.workplace_id, u.email, coalesce(u.language, w.settings->>'language') AS language
                FROM users u JOIN workplaces w ON w.id = u.workplace_id
                WHERE w.slug = \(workplaceSlug) AND u.active AND u.email IS NOT NULL AND u.email <> ''
                  AND (lower(u.email) = \(wanted) OR u.username = \(wanted))
                ORDER BY u.id LIMIT 5
                """)
            for member in members {
                let userID: Int64 = try member.decode("id")
                guard try PasswordResetStore.recentEmailRequests(userID: userID, on: connection) < Self.emailsPerMemberPerHour else { continue }
                let made = try PasswordResetStore.create(userID: userID, createdBy: nil, lifetime: Self.emailLinkLifetime, on: connection)
                let language = (try member.decode("language") as String?).map { LanguageCode($0) } ?? .english
                let catalogue = Catalogue.of(language)
                let text = NotificationText(
                    subject: catalogue.text("server.mail.reset.subject"), body: catalogue.text("server.mail.reset.body"),
                    route: "#/reset?token=\(made.token)", language: language)
                try NotificationDeliveryStore.insert(
                    workplaceID: try member.decode("workplace_id"), userID: userID, address: nil, eventID: nil,
                    dedupeKey: "reset:\(made.id)", kind: .account, channel: .email, text: text,
                    messageID: links.messageID("reset\(made.id).u\(userID)"), digest: false, notBefore: Date(), on: connection)
            }
        }
    }

    /// Whether a token can still be used (the reset page asks before showing the form).
    package func check(token: String) async throws -> Bool {
        guard Self.plausible(token) else { return false }
        return try await pool.withConnection { try PasswordResetStore.peek(token: token, on: $0) } != nil
    }

    /// Uses the link: sets the new password, ends every session of the member, turns the calendar
    /// feed off (as a password change does) and logs in on this device.
    package func redeem(_ input: PasswordResetRedeemRequest, userAgent: String?) async throws -> ShiftyAPI.Session {
        guard Self.plausible(input.token), try await check(token: input.token) else { throw Self.invalidLink }
        let hash = try await passwords.hashNewPassword(input.newPassword, field: "newPassword")
        let lifetime = configuration.sessionLifetime
        return try await pool.transaction { connection in
            guard let userID = try PasswordResetStore.consume(token: input.token, on: connection),
                  let credentials = try connection.query("SELECT workplace_id FROM users WHERE id = \(userID)").first,
                  let user = try AccountStore.user(id: userID, workplaceID: try credentials.decode("workplace_id"), on: connection),
                  let workplace = try AccountStore.workplace(id: user.workplaceID, on: connection)
            else { throw Self.invalidLink }
            try AccountStore.setPasswordHash(hash, userID: userID, on: connection)
            try SessionStore.revokeAll(userID: userID, on: connection)
            _ = try CalendarFeedStore.disable(userID: userID, on: connection)
            let session = try SessionStore.create(userID: userID, kind: input.client ?? .cookie, lifetime: lifetime, userAgent: userAgent, on: connection)
            return ShiftyAPI.Session(token: session.token, expiresAt: session.expiresAt, user: user, workplace: workplace)
        }
    }

    package static let invalidLink = PasswordResetRefusal.linkInvalid

    package static func plausible(_ token: String) -> Bool {
        (20...100).contains(token.count) && token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}

package struct PasswordResetCreateRequest: Decodable { package var userId: Int64 }
package struct PasswordResetEmailRequest: Decodable {
    package var workplace: String
    /// The member's e-mail address or username.
    package var identifier: String
}
package struct PasswordResetRedeemRequest: Decodable {
    package var token: String
    package var newPassword: String
    package var client: SessionKind?
}
