import Foundation
import Logging
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyLocalization
import ShiftyPostgres
import ShiftyServerCore

/// Onboarding, login, sessions, members and invites.
///
/// Password work happens outside any transaction (it is slow and needs no lock); everything
/// that writes runs in one transaction so a failure leaves nothing half-created.
public struct AccountService: Sendable {
    let pool: PostgresPool
    let passwords: PasswordService
    let configuration: ServerConfiguration

    package init(pool: PostgresPool, passwords: PasswordService, configuration: ServerConfiguration) {
        self.pool = pool
        self.passwords = passwords
        self.configuration = configuration
    }

    // MARK: Onboarding

    package func createWorkplace(_ input: CreateWorkplaceRequest, remoteAddress: String?, userAgent: String?) async throws -> ShiftyAPI.Session {
        guard configuration.allowSignup else {
            throw AccountRefusal.signupDisabled
        }
        try await countSignup(from: remoteAddress)
        let name = try AccountRules.name(input.name, field: .name)
        let timeZone = try AccountRules.timeZone(input.timeZone)
        let username = try AccountRules.username(input.manager.username, field: .managerUsername)
        let displayName = try AccountRules.name(input.manager.displayName, field: .managerDisplayName)
        let email = try AccountValidation.email(input.manager.email, field: "manager.email")
        let slug = try input.slug.map { try AccountRules.slug($0) } ?? AccountValidation.slug(fromName: name)
        let hash = try await passwords.hashNewPassword(input.manager.password, field: "manager.password")
        let kind = input.client ?? .cookie
        let lifetime = configuration.sessionLifetime
        return try await pool.transaction { connection in
            let workplace = try AccountStore.insertWorkplace(slug: slug, name: name, timeZone: timeZone, on: connection)
            let user = try AccountStore.insertUser(
                workplaceID: workplace.id, username: username, displayName: displayName, email: email,
                role: .manager, payType: .normal, passwordHash: hash, on: connection
            )
            let session = try SessionStore.create(userID: user.id, kind: kind, lifetime: lifetime, userAgent: userAgent, on: connection)
            return ShiftyAPI.Session(token: session.token, expiresAt: session.expiresAt, user: user, workplace: workplace)
        }
    }

    package func signup(_ input: SignupRequest, remoteAddress: String?, userAgent: String?) async throws -> ShiftyAPI.Session {
        try await countSignup(from: remoteAddress)
        let slug = input.workplace.trimmingCharacters(in: .whitespaces).lowercased()
        let username = try AccountRules.username(input.username)
        let displayName = try AccountRules.name(input.displayName)
        let email = try AccountValidation.email(input.email)
        let hash = try await passwords.hashNewPassword(input.password)
        let kind = input.client ?? .cookie
        let lifetime = configuration.sessionLifetime
        return try await pool.transaction { connection in
            guard let workplace = try AccountStore.workplace(slug: slug, on: connection),
                  let role = try InviteStore.redeem(code: input.inviteCode, workplaceID: workplace.id, on: connection)
            else {
                throw AccountRefusal.inviteInvalid
            }
            let user = try AccountStore.insertUser(
                workplaceID: workplace.id, username: username, displayName: displayName, email: email,
                role: role, payType: .normal, passwordHash: hash, on: connection
            )
            let session = try SessionStore.create(userID: user.id, kind: kind, lifetime: lifetime, userAgent: userAgent, on: connection)
            return ShiftyAPI.Session(token: session.token, expiresAt: session.expiresAt, user: user, workplace: workplace)
        }
    }

    /// Signups and new workplaces are counted per address before the password is hashed.
    private func countSignup(from address: String?) async throws {
        try await LoginThrottle.countSignup(address: address, policy: configuration.loginThrottle, in: pool)
    }

    // MARK: Login

    package func login(_ input: ShiftyAPI.LoginBody, remoteAddress: String?, userAgent: String?) async throws -> ShiftyAPI.Session {
        let slug = input.workplace.trimmingCharacters(in: .whitespaces).lowercased()
        let username = input.username.trimmingCharacters(in: .whitespaces).lowercased()
        let (accountKey, addressKey) = LoginThrottle.loginKeys(
            workplaceSlug: slug, username: username, address: remoteAddress, policy: configuration.loginThrottle)

        // The attempt takes its slots before the password is verified, so concurrent guesses cannot
        // all pass a check that is only updated after their Argon2id work; and only when a hashing
        // thread is free, so a rush of coworkers behind one address holds few slots at a time.
        let pool = self.pool, passwords = self.passwords
        let credentials = try await passwords.inTurn { () -> (user: UserView, passwordHash: String) in
            let reservation: ThrottleReservation
            do {
                reservation = try await LoginThrottle.reserve([accountKey] + (addressKey.map { [$0] } ?? []), in: pool)
            } catch let refusal as ThrottleRefusal {
                throw AccountRefusal.loginThrottled(retryAfterSeconds: refusal.retryAfterSeconds)
            }
            let credentials = try await pool.withConnection { try AccountStore.credentials(workplaceSlug: slug, username: username, on: $0) }
            // Always verify, against a dummy hash for unknown users, so timing does not reveal who exists.
            // A failure keeps its slots: they are the count of failures.
            let matches = try await passwords.verify(input.password, encoded: credentials?.passwordHash)
            guard matches, let credentials, credentials.user.active else { throw AccountRefusal.invalidCredentials }
            // The owner's earlier typos at this address are forgiven; the address gets its slot back.
            try await LoginThrottle.settleSuccess(reservation, clearing: [accountKey.key], in: pool)
            return credentials
        }
        let rehash = passwords.needsRehash(credentials.passwordHash) ? try await passwords.hashNewPassword(input.password) : nil
        let kind = input.client ?? .cookie
        let lifetime = configuration.sessionLifetime
        return try await pool.transaction { connection in
            if let rehash { try AccountStore.setPasswordHash(rehash, userID: credentials.user.id, on: connection) }
            guard let workplace = try AccountStore.workplace(id: credentials.user.workplaceID, on: connection) else {
                throw StoreError.workplaceNotFound(workplaceID: credentials.user.workplaceID)
            }
            let session = try SessionStore.create(userID: credentials.user.id, kind: kind, lifetime: lifetime, userAgent: userAgent, on: connection)
            return ShiftyAPI.Session(token: session.token, expiresAt: session.expiresAt, user: credentials.user, workplace: workplace)
        }
    }

    package func logout(_ caller: AuthenticatedUser) async throws {
        try await pool.withConnection { try SessionStore.revoke(sessionID: caller.sessionID, on: $0) }
    }

    /// Changes the caller's password and ends every other session of theirs.
    ///
    /// The current password is checked under the account's own throttle, counted before the
    /// Argon2id work like a login: whoever holds a stolen session (a phone left unlocked) must not
    /// be able to guess the password behind it at the server's full speed.
    package func changePassword(_ caller: AuthenticatedUser, _ input: ChangePasswordRequest) async throws {
        let policy = configuration.loginThrottle
        let key = ThrottleKey("password-change:\(caller.id)", limit: policy.maxFailuresPerAccount, window: policy.window, lockout: policy.lockout)
        let pool = self.pool, passwords = self.passwords
        try await passwords.inTurn {
            let reservation: ThrottleReservation
            do {
                reservation = try await LoginThrottle.reserve([key], in: pool)
            } catch let refusal as ThrottleRefusal {
                throw AccountRefusal.passwordChangeThrottled(retryAfterSeconds: refusal.retryAfterSeconds)
            }
            let stored = try await pool.withConnection { try AccountStore.passwordHash(userID: caller.id, on: $0) }
            guard try await passwords.verify(input.currentPassword, encoded: stored) else { throw AccountRefusal.wrongPassword }
            try await LoginThrottle.settleSuccess(reservation, clearing: [key.key], in: pool)
        }
        let hash = try await passwords.hashNewPassword(input.newPassword, field: "newPassword")
        try await pool.transaction { connection in
            try AccountStore.setPasswordHash(hash, userID: caller.id, on: connection)
            try SessionStore.revokeAll(userID: caller.id, keeping: caller.sessionID, on: connection)
            // The feed URL is a credential too (it was handed out while the old password held): someone
            // who changes a password because of a leak must not keep leaking their schedule.
            _ = try CalendarFeedStore.disable(userID: caller.id, on: connection)
        }
    }

    /// Sets (or, with nil, clears) the caller's own language; answers the caller as they are now.
    package func changeLanguage(_ caller: AuthenticatedUser, to language: LanguageCode?) async throws -> AuthenticatedUser {
        if let language { try LanguageChoice.requireAvailable(language, field: "language") }
        try await pool.withConnection { try AccountStore.setLanguage(language, userID: caller.id, on: $0) }
        var changed = caller
        changed.languagePreference = language
        return changed
    }

    // MARK: Members (managers)

    package func createUser(_ caller: AuthenticatedUser, _ input: CreateUserRequest) async throws -> UserView {
        try caller.requireManager()
        let username = try AccountRules.username(input.username)
        let displayName = try AccountRules.name(input.displayName)
        let email = try AccountValidation.email(input.email)
        let hash = try await passwords.hashNewPassword(input.password)
        return try await pool.transaction { connection in
            try AccountStore.insertUser(
                workplaceID: caller.workplaceID, username: username, displayName: displayName, email: email,
                role: input.role ?? .employee, payType: input.payType ?? .normal, passwordHash: hash, on: connection
            )
        }
    }

    package func updateUser(_ caller: AuthenticatedUser, id: Int64, _ input: UpdateUserRequest) async throws -> UserView {
        try caller.requireManager()
        let displayName = try input.displayName.map { try AccountRules.name($0) }
        let email: String?? = try input.email.map { try AccountValidation.email($0) }
        return try await pool.transaction { connection in
            guard let updated = try AccountStore.updateUser(
                id: id, workplaceID: caller.workplaceID, displayName: displayName, email: email,
                role: input.role, payType: input.payType, active: input.active, on: connection
            ) else { throw AccountRefusal.memberNotFound }
            try AccountRules.checkManagers(activeAfterChange: try AccountStore.activeManagerCount(workplaceID: caller.workplaceID, on: connection))
            if !updated.active {
                try SessionStore.revokeAll(userID: id, on: connection)
            }
            return updated
        }
    }

    package func listUsers(_ caller: AuthenticatedUser, search: String?, includeInactive: Bool) async throws -> [UserView] {
        let search = search?.trimmingCharacters(in: .whitespaces).prefix(100)
        let showInactive = includeInactive && caller.isManager
        return try await pool.withConnection { connection in
            try AccountStore.users(
                workplaceID: caller.workplaceID, search: search.flatMap { $0.isEmpty ? nil : String($0) },
                includeInactive: showInactive, on: connection
            )
        }
    }

    package func user(_ caller: AuthenticatedUser, id: Int64) async throws -> UserView {
        guard let user = try await pool.withConnection({ try AccountStore.user(id: id, workplaceID: caller.workplaceID, on: $0) }) else {
            throw AccountRefusal.memberNotFound
        }
        return user
    }

    // MARK: Workplace

    /// Renames the workplace, changes its switches or its time zone, in one transaction.
    ///
    /// A new time zone moves the schedule with it: generated shifts nobody touched yet (still
    /// scheduled, never traded, reassigned or edited) are removed from now on and generated again
    /// at their wall-clock times in the new zone; touched and deleted ones keep their instant.
    /// Everyone hears of it through one `workplace.time_zone_changed` event.
    package func updateWorkplace(_ caller: AuthenticatedUser, _ input: UpdateWorkplaceRequest, now: Date = Date()) async throws -> WorkplaceView {
        try caller.requireManager()
        let name = try input.name.map { try AccountRules.name($0, field: .name) }
        let timeZone = try input.timeZone.map { try AccountRules.timeZone($0) }
        let patch = input.settings.map { JSONValue.object($0).data }
        return try await pool.transaction { connection in
            guard let current = try AccountStore.lockWorkplace(id: caller.workplaceID, on: connection) else {
                throw StoreError.workplaceNotFound(workplaceID: caller.workplaceID)
            }
            let settings = try patch.map { try current.settings.applying(patch: $0) }
            if let settings, settings.reminderMinutesBefore != current.settings.reminderMinutesBefore {
                try ReminderLeadTime.validate(settings.reminderMinutesBefore)
            }
            if let settings {
                try AccountRules.checkDealExpiry(hours: settings.dealExpiryHours)
                try settings.scheduleChanges.check()
            }
            let updated = try AccountStore.updateWorkplace(
                id: caller.workplaceID, name: name, timeZone: timeZone, settings: settings, on: connection)
            if updated.timeZone != current.timeZone {
                try WorkplaceTimeZoneChange.apply(
                    from: current.timeZone, to: updated.timeZone, workplaceID: caller.workplaceID, actorID: caller.id,
                    now: now, on: connection)
            }
            if let settings, settings != current.settings {
                // Open pages follow the switches they depend on (who changes fixed shifts…) without a reload.
                struct Payload: Encodable {
                    var settings: ShiftyAPI.WorkplaceSettings
                    var actorId: Int64
                }
                try EventWriter.insert(
                    workplaceID: caller.workplaceID, type: .server(.workplaceSettingsChanged),
                    payload: Payload(settings: ShiftyAPI.WorkplaceSettings(updated.settings), actorId: caller.id), on: connection)
            }
            return updated
        }
    }

    // MARK: Invites (managers)

    package func createInvite(_ caller: AuthenticatedUser, _ input: CreateInviteRequest) async throws -> InviteView {
        try caller.requireManager()
        let hours = input.validForHours ?? 168
        let uses = input.maxUses ?? 1
        try AccountRules.checkInvite(validForHours: hours, maxUses: uses)
        let note = input.note.map { String($0.prefix(200)) }
        let email = try AccountValidation.email(input.email)
        if email != nil, configuration.smtp == nil {
            throw AccountRefusal.emailDisabled
        }
        let links = configuration.notificationLinks
        return try await pool.transaction { connection in
            let invite = try InviteStore.create(
                workplaceID: caller.workplaceID, createdBy: caller.id, role: input.role ?? .employee,
                validFor: .seconds(hours * 3600), maxUses: uses, note: note, on: connection
            )
            if let email, let code = invite.code {
                try InvitationMail.queue(invite: invite, code: code, to: email, workplace: caller.workplace, links: links, on: connection)
            }
            return invite
        }
    }

    package func listInvites(_ caller: AuthenticatedUser) async throws -> [InviteView] {
        try caller.requireManager()
        return try await pool.withConnection { try InviteStore.list(workplaceID: caller.workplaceID, on: $0) }
    }

    package func revokeInvite(_ caller: AuthenticatedUser, id: Int64) async throws {
        try caller.requireManager()
        guard try await pool.withConnection({ try InviteStore.revoke(id: id, workplaceID: caller.workplaceID, on: $0) }) else {
            throw AccountRefusal.inviteNotFound
        }
    }
}
