import Foundation
import ShiftyAPI
import NIOPosix
import ShiftyDomain
import ShiftyPostgres
import ShiftySecurity
import ShiftyServerCore

/// Kiosk devices, PINs and the punch a member records at a kiosk.
package struct KioskService: Sendable {
    let pool: PostgresPool
    let passwords: PasswordService
    let throttle: LoginThrottlePolicy
    /// The wall clock (``ServerConfiguration/clock``).
    var clock: @Sendable () -> Date = { Date() }

    package init(pool: PostgresPool, passwords: PasswordService, throttle: LoginThrottlePolicy, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.pool = pool
        self.passwords = passwords
        self.throttle = throttle
        self.clock = clock
    }

    // MARK: Devices (managers)

    /// Creates a kiosk; with `endingSession` the caller's session ends in the same transaction
    /// (the browser that becomes the kiosk must not stay signed in as the manager).
    package func create(_ caller: AuthenticatedUser, name rawName: String, endingSession: Bool = false) async throws -> KioskView {
        try caller.requireManager()
        let name = try KioskRules.checkedName(rawName)
        return try await pool.transaction { connection in
            let kiosk = try KioskStore.create(workplaceID: caller.workplaceID, name: name, createdBy: caller.id, on: connection)
            if endingSession { try SessionStore.revoke(sessionID: caller.sessionID, on: connection) }
            return kiosk
        }
    }

    package func list(_ caller: AuthenticatedUser) async throws -> [KioskView] {
        try caller.requireManager()
        return try await pool.withConnection { try KioskStore.list(workplaceID: caller.workplaceID, on: $0) }
    }

    package func revoke(_ caller: AuthenticatedUser, id: Int64) async throws {
        try caller.requireManager()
        guard try await pool.withConnection({ try KioskStore.revoke(id: id, workplaceID: caller.workplaceID, on: $0) }) else {
            throw KioskRefusal.kioskNotFound
        }
    }

    /// Restricts a kiosk to client addresses in the given ranges (`[]` lifts the restriction).
    package func setNetworks(_ caller: AuthenticatedUser, id: Int64, networks raw: [String]) async throws -> KioskView {
        try caller.requireManager()
        let networks = try KioskRules.checkedNetworks(raw)
        return try await pool.transaction { connection in
            guard let view = try KioskStore.setNetworks(id: id, workplaceID: caller.workplaceID, networks: networks, on: connection) else {
                throw KioskRefusal.kioskNotFound
            }
            return view
        }
    }

    // MARK: PINs (managers)

    /// Sets a member's kiosk PIN (``KioskRules/checkPin(_:)``), hashed with Argon2id like a password.
    package func setPin(_ caller: AuthenticatedUser, userID: Int64, pin: String) async throws {
        try caller.requireManager()
        try KioskRules.checkPin(pin)
        let hash = try await passwords.hashPin(pin)
        let lookup = Self.pinLookup(pin, workplaceID: caller.workplaceID)
        try await pool.transaction { connection in
            guard try PunchStore.lockMember(id: userID, workplaceID: caller.workplaceID, on: connection) != nil else { throw KioskRefusal.memberNotFound }
            do {
                try connection.execute(
                    """
                    INSERT INTO user_pins (user_id, workplace_id, pin_hash, pin_lookup, set_by) VALUES (\(userID), \(caller.workplaceID), \(hash), \(lookup), \(caller.id))
                    ON CONFLICT (user_id) DO UPDATE SET pin_hash = EXCLUDED.pin_hash, pin_lookup = EXCLUDED.pin_lookup,
                        set_by = EXCLUDED.set_by, set_at = now()
                    """)
            } catch let error as PostgresError where error.serverState == .uniqueViolation {
                throw KioskRefusal.pinTaken
            }
        }
    }

    /// The PIN's lookup key: SHA-256 of workplace and PIN. It finds the member for a PIN-only
    /// check-in and makes PINs unique per workplace (a unique index). Like the Argon2id hash, a
    /// 4-digit PIN cannot be kept from someone holding the database; the kiosk's throttling is
    /// what protects it.
    package static func pinLookup(_ pin: String, workplaceID: Int64) -> String {
        SecretToken.hash(of: "shifty-pin:\(workplaceID):\(pin)")
    }

    package func removePin(_ caller: AuthenticatedUser, userID: Int64) async throws {
        try caller.requireManager()
        let removed = try await pool.withConnection {
            try $0.execute("DELETE FROM user_pins WHERE user_id = \(userID) AND workplace_id = \(caller.workplaceID)")
        }
        guard removed == 1 else { throw KioskRefusal.pinNotFound }
    }

    // MARK: Punching

    /// Identifies the member (password or PIN, throttled per kiosk and member), then records a check-in
    /// or check-out at the server's clock.
    /// How the member says who they are is `KioskRules`' decision (a refusal throws ``KioskRefusal``);
    /// which punch it records is `KioskPunch`'s, and a tap it refuses throws ``RefusedPunch``.
    package func punch(at kiosk: AuthenticatedKiosk, _ input: KioskPunchRequest) async throws -> KioskPunchResult {
        let credentials = try KioskRules.credentials(username: input.username, pin: input.pin, password: input.password, action: input.action)
        let username = credentials.username ?? ""
        let pinOnly = credentials.secret == .pinOnly

        // Counted before the secret is verified (docs/throttles.md): the slots are taken in one
        // statement, so parallel guesses cannot pass the limits, on any instance; and only when a
        // hashing thread is free, so a queue of right PINs at shift start holds few slots at a time.
        let memberKeys = KioskThrottle.memberKeys(kioskID: kiosk.id, workplaceID: kiosk.workplaceID, username: username, policy: throttle)
        let keys = pinOnly ? KioskThrottle.pinOnlyKeys(kioskID: kiosk.id, policy: throttle) : [memberKeys.atKiosk] + memberKeys.overall
        let pool = self.pool, passwords = self.passwords
        let member = try await passwords.inTurn { () -> PunchStore.Member in
            let reservation: ThrottleReservation
            do {
                reservation = try await LoginThrottle.reserve(keys, in: pool)
            } catch let refusal as ThrottleRefusal {
                let seconds = refusal.retryAfterSeconds
                // Only guessing without a name is paused: with their name, members still punch.
                throw pinOnly ? KioskRefusal.pinOnlyPaused(retryAfterSeconds: seconds) : KioskRefusal.throttled(retryAfterSeconds: seconds)
            }

            let found = try await pool.withConnection { connection -> (member: PunchStore.Member, hash: String?)? in
                if pinOnly {
                    let lookup = Self.pinLookup(credentials.value, workplaceID: kiosk.workplaceID)
                    guard let found = try PunchStore.member(pinLookup: lookup, workplaceID: kiosk.workplaceID, on: connection) else { return nil }
                    return (found.member, found.pinHash)
                }
                guard let found = try PunchStore.member(username: username, workplaceID: kiosk.workplaceID, on: connection) else { return nil }
                return (found.member, credentials.secret == .pin ? found.pinHash : found.passwordHash)
            }
            // Verify even for unknown members (against a dummy hash) so timing reveals nothing. A wrong
            // secret keeps its slots: they are the count of failures.
            let matches = try await passwords.verify(credentials.value, encoded: found?.hash)
            guard matches, let member = found?.member, member.active else { throw KioskRefusal.wrongSecret(credentials.secret) }
            // The member's own typos at this kiosk are forgiven; the other slots are given back.
            try await LoginThrottle.settleSuccess(reservation, clearing: pinOnly ? [] : [memberKeys.atKiosk.key], in: pool)
            return member
        }

        return try await pool.transaction { connection in
            guard let context = try TimeclockSettingsStore.context(workplaceID: kiosk.workplaceID, on: connection),
                  try PunchStore.lockMember(id: member.id, workplaceID: kiosk.workplaceID, on: connection) != nil
            else { throw KioskRefusal.memberNotFound }
            let now = clock()
            let last = try PunchStore.lastPunch(userID: member.id, on: connection)
            let kind: Punch.Kind
            do throws(KioskPunchRefusal) {
                kind = try KioskPunch.decide(action: input.action, last: last, now: now)
            } catch {
                throw RefusedPunch(refusal: error, memberName: member.displayName)
            }
            let id = try PunchStore.insert(
                workplaceID: kiosk.workplaceID, userID: member.id, punch: Punch(kind, at: now), source: "kiosk",
                kioskID: kiosk.id, createdBy: nil, on: connection)
            guard let view = try PunchStore.view(id: id, workplaceID: kiosk.workplaceID, on: connection) else { throw PunchRefusal.punchNotFound }
            let hours = try TimeclockQueries.todayAndWeek(userID: member.id, context: context, now: now, on: connection)
            let shifts = try TimeclockQueries.scheduledShifts(
                workplaceID: kiosk.workplaceID, userIDs: [member.id], from: now.addingTimeInterval(-36 * 3600),
                to: now.addingTimeInterval(12 * 3600), on: connection)[member.id] ?? []
            let shift = PunchTiming.relevantShift(for: kind, at: now, among: shifts.map(\.interval))
            let timing = shift.flatMap { PunchTiming.judge(kind, at: now, shift: $0, toleranceMinutes: context.rules.scheduleToleranceMinutes) }
            let position = shift.flatMap { found in shifts.first { $0.interval == found }?.position }
            return KioskPunchResult(
                punch: view, action: .init(kind), displayName: member.displayName,
                workedMinutesToday: hours.today, workedMinutesThisWeek: hours.week,
                shift: shift.map { KioskShiftView(id: $0.shiftID.rawValue, startsAt: $0.start, endsAt: $0.end, position: position) },
                timing: timing.map { KioskTimingView(verdict: .init($0.verdict), minutes: $0.minutes) },
                timeZone: context.timeZone.identifier)
        }
    }

    // MARK: Tiles

    /// The people scheduled from two hours ago to two hours ahead, plus whoever is checked in:
    /// the kiosk's name tiles (a tap still needs the PIN).
    package func tiles(at kiosk: AuthenticatedKiosk) async throws -> [KioskTileView] {
        try await pool.withConnection { connection in
            try connection.query(
                """
                SELECT u.id, u.username, u.display_name, (p.user_id IS NOT NULL) AS has_pin,
                       COALESCE((SELECT kind IN ('in', 'break_start', 'break_end') FROM punches q
                                 WHERE q.user_id = u.id AND q.at > now() - make_interval(secs => \(KioskPunch.longestSession)) AND q.at <= now()
                                 ORDER BY q.at DESC, q.id DESC LIMIT 1), false) AS checked_in
                FROM users u LEFT JOIN user_pins p ON p.user_id = u.id
                WHERE u.workplace_id = \(kiosk.workplaceID) AND u.active AND (
                    EXISTS (SELECT 1 FROM shifts s WHERE s.owner_id = u.id AND s.status <> 'cancelled'
                            AND s.starts_at < now() + interval '2 hours' AND s.ends_at > now() - interval '2 hours')
                    OR EXISTS (SELECT 1 FROM punches q WHERE q.user_id = u.id AND q.at > now() - make_interval(secs => \(KioskPunch.longestSession))))
                ORDER BY lower(u.display_name), u.id
                LIMIT 60
                """).map { row in
                KioskTileView(
                    userID: try row.decode("id"), username: try row.decode("username"), displayName: try row.decode("display_name"),
                    hasPin: try row.decode("has_pin"), checkedIn: try row.decode("checked_in"))
            }
        }
    }
}

extension PasswordService {
    /// Hashes a PIN with the password hasher (the PIN rules are checked by the caller), on
    /// NIO's shared blocking pool rather than the cooperative pool.
    package func hashPin(_ pin: String) async throws -> String {
        let hasher = self.hasher
        return try await NIOThreadPool.singleton.runIfActive { try hasher.hash(pin) }
    }
}
