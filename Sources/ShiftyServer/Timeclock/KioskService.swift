import Foundation
import NIOPosix
import ShiftyDomain
import ShiftyPostgres

/// Kiosk devices, PINs and the punch a member records at a kiosk.
struct KioskService: Sendable {
    let pool: PostgresPool
    let passwords: PasswordService
    let throttle: LoginThrottlePolicy

    /// A check-in older than this is taken as a forgotten check-out: the next punch starts a new
    /// session instead of closing a 20-hour one, and the old day shows "odd punches" for a manager.
    static let longestSession: TimeInterval = 16 * 3600

    // MARK: Devices (managers)

    /// Creates a kiosk; with `endingSession` the caller's session ends in the same transaction
    /// (the browser that becomes the kiosk must not stay signed in as the manager).
    func create(_ caller: AuthenticatedUser, name rawName: String, endingSession: Bool = false) async throws -> KioskView {
        try caller.requireManager()
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(name.count) else { throw Problem.invalid("name", "must be 1 to 100 characters") }
        return try await pool.transaction { connection in
            let kiosk = try KioskStore.create(workplaceID: caller.workplaceID, name: name, createdBy: caller.id, on: connection)
            if endingSession { try SessionStore.revoke(sessionID: caller.sessionID, on: connection) }
            return kiosk
        }
    }

    func list(_ caller: AuthenticatedUser) async throws -> [KioskView] {
        try caller.requireManager()
        return try await pool.withConnection { try KioskStore.list(workplaceID: caller.workplaceID, on: $0) }
    }

    func revoke(_ caller: AuthenticatedUser, id: Int64) async throws {
        try caller.requireManager()
        guard try await pool.withConnection({ try KioskStore.revoke(id: id, workplaceID: caller.workplaceID, on: $0) }) else {
            throw Problem.notFound("kiosk")
        }
    }

    // MARK: PINs (managers)

    /// Sets a member's kiosk PIN: 4 to 12 digits, hashed with Argon2id like a password.
    func setPin(_ caller: AuthenticatedUser, userID: Int64, pin: String) async throws {
        try caller.requireManager()
        guard (4...12).contains(pin.count), pin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw Problem.invalid("pin", "must be 4 to 12 digits")
        }
        let hash = try await passwords.hashPin(pin)
        try await pool.transaction { connection in
            guard try PunchStore.lockMember(id: userID, workplaceID: caller.workplaceID, on: connection) != nil else { throw Problem.notFound("user") }
            try connection.execute(
                """
                INSERT INTO user_pins (user_id, workplace_id, pin_hash, set_by) VALUES ($1, $2, $3, $4)
                ON CONFLICT (user_id) DO UPDATE SET pin_hash = EXCLUDED.pin_hash, set_by = EXCLUDED.set_by, set_at = now()
                """,
                [userID, caller.workplaceID, hash, caller.id]
            )
        }
    }

    func removePin(_ caller: AuthenticatedUser, userID: Int64) async throws {
        try caller.requireManager()
        let removed = try await pool.withConnection {
            try $0.execute("DELETE FROM user_pins WHERE user_id = $1 AND workplace_id = $2", [userID, caller.workplaceID])
        }
        guard removed == 1 else { throw Problem.notFound("PIN") }
    }

    // MARK: Punching

    /// Identifies the member (password or PIN, throttled like logins), then records a check-in
    /// or check-out at the server's clock.
    func punch(at kiosk: AuthenticatedKiosk, _ input: KioskPunchRequest) async throws -> KioskPunchResult {
        let username = input.username.trimmingCharacters(in: .whitespaces).lowercased()
        let accountKey = "kiosk-user:\(kiosk.workplaceID)/\(username)"
        let deviceKey = "kiosk:\(kiosk.id)"
        let policy = throttle
        let secret: (value: String, isPin: Bool)
        switch (input.pin, input.password) {
        case (let pin?, nil): secret = (pin, true)
        case (nil, let password?): secret = (password, false)
        default: throw Problem.invalid("pin", "send either a pin or a password")
        }

        let found = try await pool.withConnection { connection -> (retryAfter: Int?, member: PunchStore.Member?, hash: String?) in
            if let retryAfter = try LoginThrottle.retryAfter(keys: [accountKey, deviceKey], on: connection) { return (retryAfter, nil, nil) }
            guard let found = try PunchStore.member(username: username, workplaceID: kiosk.workplaceID, on: connection) else { return (nil, nil, nil) }
            return (nil, found.member, secret.isPin ? found.pinHash : found.passwordHash)
        }
        if let retryAfter = found.retryAfter {
            throw Problem(.tooManyRequests, code: .kioskThrottled, detail: "Too many wrong attempts. Try again in \(retryAfter) seconds.", retryAfterSeconds: retryAfter)
        }
        // Verify even for unknown members (against a dummy hash) so timing reveals nothing.
        let matches = try await passwords.verify(secret.value, encoded: found.hash)
        guard matches, let member = found.member, member.active else {
            try await pool.withConnection { connection in
                try LoginThrottle.recordFailure(key: accountKey, limit: policy.maxFailuresPerAccount, policy: policy, on: connection)
                try LoginThrottle.recordFailure(key: deviceKey, limit: policy.maxFailuresPerAddress, policy: policy, on: connection)
            }
            throw Problem(.unauthorized, code: .invalidCredentials, detail: secret.isPin ? "That username and PIN do not match." : "That username and password do not match.")
        }

        return try await pool.transaction { connection in
            try LoginThrottle.clear(key: accountKey, on: connection)
            guard let context = try TimeclockSettingsStore.context(workplaceID: kiosk.workplaceID, on: connection),
                  try PunchStore.lockMember(id: member.id, workplaceID: kiosk.workplaceID, on: connection) != nil
            else { throw Problem.notFound("user") }
            let now = Date()
            let last = try PunchStore.lastPunch(userID: member.id, on: connection)
            if let last, Self.isRepeat(after: last, now: now) {
                let seconds = max(0, Int(now.timeIntervalSince(last.instant)))
                throw Problem(.conflict, code: .punchRepeated, detail: "\(member.displayName) was already \(last.kind == .checkIn ? "checked in" : "checked out") \(seconds) seconds ago; nothing was recorded.")
            }
            let kind = Self.nextKind(after: last, now: now)
            let id = try PunchStore.insert(
                workplaceID: kiosk.workplaceID, userID: member.id, punch: Punch(kind, at: now), source: "kiosk",
                kioskID: kiosk.id, createdBy: nil, on: connection)
            guard let view = try PunchStore.view(id: id, workplaceID: kiosk.workplaceID, on: connection) else { throw Problem.notFound("punch") }
            let hours = try TimeclockQueries.todayAndWeek(userID: member.id, context: context, now: now, on: connection)
            return KioskPunchResult(
                punch: view, action: kind == .checkIn ? "checked_in" : "checked_out", displayName: member.displayName,
                workedMinutesToday: hours.today, workedMinutesThisWeek: hours.week)
        }
    }

    /// Two punches of one member this close together are a double tap on the kiosk, not a
    /// check-in and a check-out: the second is refused (409 `punch_repeated`).
    static let repeatWindow: TimeInterval = 60

    static func isRepeat(after last: Punch, now: Date) -> Bool {
        let elapsed = now.timeIntervalSince(last.instant)
        return elapsed >= 0 && elapsed < repeatWindow
    }

    /// Check-out when the member has an open check-in from the last 16 hours, else check-in.
    static func nextKind(after last: Punch?, now: Date) -> Punch.Kind {
        guard let last, last.kind == .checkIn, now.timeIntervalSince(last.instant) < longestSession else { return .checkIn }
        return .checkOut
    }
}

extension PasswordService {
    /// Hashes a PIN with the password hasher (the PIN rules are checked by the caller), on
    /// NIO's shared blocking pool rather than the cooperative pool.
    func hashPin(_ pin: String) async throws -> String {
        let hasher = self.hasher
        return try await NIOThreadPool.singleton.runIfActive { try hasher.hash(pin) }
    }
}
