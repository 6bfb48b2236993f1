import Foundation
import Logging
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// Schedules: fixed shifts and their generation, my schedule, managers' one-off shifts,
/// assignment and deletion. Deleting goes through the marketplace state machine (`cancelShift`)
/// so a shift held by a pending deal cannot disappear under it.
package struct ShiftService: Sendable {
    let pool: PostgresPool
    let executor: MarketplaceExecutor

    package init(pool: PostgresPool, logger: Logger, clock: @escaping @Sendable () -> Date) {
        self.pool = pool
        self.executor = MarketplaceExecutor(pool: pool, logger: logger, clock: clock)
    }

    // MARK: My schedule

    /// The member's shifts from today for `weeks` weeks, grouped by ISO week ("Week 27").
    package func schedule(_ caller: AuthenticatedUser, userID: Int64?, weeks: Int) async throws -> [ShiftyAPI.ScheduleWeek] {
        let owner = userID ?? caller.id
        let workplaceID = caller.workplaceID
        let shifts = try await pool.withConnection { connection -> [ShiftyAPI.MarketShift] in
            guard try ShiftStore.isMember(owner, workplaceID: workplaceID, on: connection) else { throw ShiftRefusal.memberNotFound }
            let today = try ShiftStore.today(workplaceID: workplaceID, asOf: executor.clock(), on: connection)
            return try ShiftStore.schedule(
                ownerID: owner, workplaceID: workplaceID, from: today, until: today.adding(days: 7 * weeks), on: connection)
        }
        return WeekGroup.group(shifts, by: { LocalDate($0.date) ?? LocalDate(daysSinceEpoch: 0) }).map {
            ShiftyAPI.ScheduleWeek(label: $0.label, weekBasedYear: $0.week.weekBasedYear, week: $0.week.week, shifts: $0.items)
        }
    }

    package func shift(_ caller: AuthenticatedUser, id: Int64) async throws -> ShiftyAPI.MarketShift {
        guard let shift = try await pool.withConnection({ try ShiftStore.shift(id: id, workplaceID: caller.workplaceID, on: $0) }) else {
            throw ShiftRefusal.shiftNotFound
        }
        return shift
    }

    package func history(_ caller: AuthenticatedUser, shiftID: Int64) async throws -> [HistoryEntryView] {
        try await pool.withConnection { connection in
            guard try ShiftStore.shift(id: shiftID, workplaceID: caller.workplaceID, on: connection) != nil else {
                throw ShiftRefusal.shiftNotFound
            }
            return try ShiftStore.history(shiftID: shiftID, workplaceID: caller.workplaceID, on: connection)
        }
    }

    // MARK: Fixed shifts

    /// Employees manage their own fixed shifts when the workplace allows it; managers manage
    /// everyone's (`ShiftRules`).
    package func requireMayManageFixedShifts(of owner: Int64, _ caller: AuthenticatedUser) throws {
        try ShiftRules.checkMayManageFixedShifts(
            of: UserID(rawValue: owner), by: caller.workplaceActor,
            employeesManageFixedShifts: caller.workplace.settings.employeesManageFixedShifts)
    }

    package func fixedShifts(_ caller: AuthenticatedUser, ownerID: Int64?) async throws -> [FixedShiftView] {
        let owner = caller.isManager ? ownerID : caller.id
        return try await pool.withConnection { try FixedShiftStore.list(workplaceID: caller.workplaceID, ownerID: owner, on: $0) }
    }

    package func createFixedShift(_ caller: AuthenticatedUser, _ body: CreateFixedShiftRequest) async throws -> FixedShiftView {
        let owner = body.ownerId ?? caller.id
        try requireMayManageFixedShifts(of: owner, caller)
        let workplaceID = caller.workplaceID
        return try await pool.transaction { connection in
            try Self.createFixedShift(
                owner: owner, body, workplaceID: workplaceID, actor: Self.actor(caller), override: body.ruleOverride, now: executor.clock(),
                on: connection)
        }
    }

    /// Applies the edit and rewrites the rule's future untouched occurrences (touched ones stay).
    package func updateFixedShift(_ caller: AuthenticatedUser, id: Int64, _ body: UpdateFixedShiftRequest) async throws -> FixedShiftView {
        let workplaceID = caller.workplaceID
        return try await pool.transaction { connection in
            guard let current = try FixedShiftStore.find(id: id, workplaceID: workplaceID, forUpdate: true, on: connection), current.active else {
                throw ShiftRefusal.fixedShiftNotFound
            }
            try requireMayManageFixedShifts(of: current.ownerId, caller)
            return try Self.updateFixedShift(
                current, body, workplaceID: workplaceID, actor: Self.actor(caller), override: body.ruleOverride, now: executor.clock(),
                on: connection)
        }
    }

    /// What saving `body` as a new fixed shift would answer (`POST /fixed-shifts/preview`): the
    /// same authorization, validation and rule check as the save, nothing written.
    package func previewFixedShift(_ caller: AuthenticatedUser, _ body: CreateFixedShiftRequest) async throws -> FixedShiftPreviewView {
        let owner = body.ownerId ?? caller.id
        try requireMayManageFixedShifts(of: owner, caller)
        let workplaceID = caller.workplaceID
        return try await pool.withConnection { connection in
            let rule = try Self.plannedFixedShift(owner: owner, body, workplaceID: workplaceID, now: executor.clock(), on: connection)
            let check = try FixedShiftCheck.load(
                rule, replacing: nil, workplaceID: workplaceID, actor: Self.actor(caller), now: executor.clock(), lock: false, on: connection)
            return try FixedShiftPreviewView(check.verdict, action: .create, fixedShiftID: 0, workplaceID: workplaceID, on: connection)
        }
    }

    /// What saving `body` as the edit of fixed shift `id` would answer (`POST /fixed-shifts/{id}/preview`).
    package func previewFixedShiftEdit(_ caller: AuthenticatedUser, id: Int64, _ body: UpdateFixedShiftRequest) async throws -> FixedShiftPreviewView {
        let workplaceID = caller.workplaceID
        return try await pool.withConnection { connection in
            guard let current = try FixedShiftStore.find(id: id, workplaceID: workplaceID, on: connection), current.active else {
                throw ShiftRefusal.fixedShiftNotFound
            }
            try requireMayManageFixedShifts(of: current.ownerId, caller)
            let rule = try Self.editedFixedShift(current, body)
            let check = try FixedShiftCheck.load(
                rule, replacing: id, workplaceID: workplaceID, actor: Self.actor(caller), now: executor.clock(), lock: false, on: connection)
            return try FixedShiftPreviewView(check.verdict, action: .edit, fixedShiftID: id, workplaceID: workplaceID, on: connection)
        }
    }

    /// Ends the rule: its future untouched occurrences are removed; traded or edited ones stay.
    package func endFixedShift(_ caller: AuthenticatedUser, id: Int64) async throws {
        let workplaceID = caller.workplaceID
        try await pool.transaction { connection in
            guard let current = try FixedShiftStore.find(id: id, workplaceID: workplaceID, forUpdate: true, on: connection), current.active else {
                throw ShiftRefusal.fixedShiftNotFound
            }
            try requireMayManageFixedShifts(of: current.ownerId, caller)
            try Self.endFixedShift(current, workplaceID: workplaceID, actorID: caller.id, now: executor.clock(), on: connection)
        }
    }

    package static func actor(_ caller: AuthenticatedUser) -> MarketplaceActor {
        MarketplaceActor(userID: UserID(rawValue: caller.id), role: caller.isManager ? .manager : .employee)
    }

    // The writes themselves, on an open transaction, after the caller's authorization: the fixed-shift
    // routes use them, and so does a manager's approval of an employee's fixed-shift request
    // (FixedShiftRequestService), so both check, change fixed shifts and regenerate their weeks alike.

    /// The new rule `body` describes for `owner` (an active member), validated (each refusal naming its field).
    package static func plannedFixedShift(
        owner: Int64, _ body: CreateFixedShiftRequest, workplaceID: Int64, now: Date, on connection: PostgresConnection
    ) throws -> FixedShift {
        guard try ShiftStore.isMember(owner, workplaceID: workplaceID, activeOnly: true, on: connection) else {
            throw ShiftRefusal.ownerNotActiveMember
        }
        let today = try ShiftStore.today(workplaceID: workplaceID, asOf: now, on: connection)
        return try Self.rule(
            id: 0, owner: owner, weekday: body.weekday, startTime: body.startTime, durationMinutes: body.durationMinutes,
            position: body.position, validFrom: body.validFrom ?? today.description, validUntil: body.validUntil)
    }

    /// `current` with the fields `body` gives, validated.
    package static func editedFixedShift(_ current: FixedShiftView, _ body: UpdateFixedShiftRequest) throws -> FixedShift {
        try Self.rule(
            id: current.id, owner: current.ownerId, weekday: body.weekday ?? current.weekday,
            startTime: body.startTime ?? current.startTime, durationMinutes: body.durationMinutes ?? current.durationMinutes,
            position: body.position ?? current.position, validFrom: body.validFrom ?? current.validFrom,
            validUntil: body.validUntil ?? current.validUntil)
    }

    /// Inserts the rule for `owner` (an active member) once the rulebook allows every week it would
    /// generate (or `actor`, a manager, overrides), records it and generates its occurrences.
    package static func createFixedShift(
        owner: Int64, _ body: CreateFixedShiftRequest, workplaceID: Int64, actor: MarketplaceActor, override: RuleOverride?,
        now: Date, on connection: PostgresConnection
    ) throws -> FixedShiftView {
        let rule = try plannedFixedShift(owner: owner, body, workplaceID: workplaceID, now: now, on: connection)
        let check = try FixedShiftCheck.load(rule, replacing: nil, workplaceID: workplaceID, actor: actor, now: now, lock: true, on: connection)
        let overridden = try check.check(overriding: override)
        let setAside = Self.rules(of: overridden)
        let id = try FixedShiftStore.insert(rule, workplaceID: workplaceID, overridden: setAside, reason: override?.reason, on: connection)
        try ShiftStore.recordHistory(
            workplaceID: workplaceID, subject: "fixed_shift", subjectID: id, actorID: actor.userID.rawValue, at: now, action: "create",
            from: nil, to: "active", note: nil, on: connection)
        try Self.recordOverride(overridden, override, fixedShiftID: id, owner: owner, workplaceID: workplaceID, actor: actor, now: now, on: connection)
        try ScheduleGenerator.generate(asOf: now, workplaceID: workplaceID, fixedShiftID: id, on: connection)
        try Self.announceFixedShift(id, owner: owner, workplaceID: workplaceID, on: connection)
        guard let view = try FixedShiftStore.find(id: id, workplaceID: workplaceID, on: connection) else { throw ShiftRefusal.fixedShiftNotFound }
        return view
    }

    /// Edits `current` (locked, active) once the rulebook allows the weeks it would generate (or a
    /// manager overrides), removes its untouched future occurrences and regenerates them.
    package static func updateFixedShift(
        _ current: FixedShiftView, _ body: UpdateFixedShiftRequest, workplaceID: Int64, actor: MarketplaceActor,
        override: RuleOverride?, now: Date, on connection: PostgresConnection
    ) throws -> FixedShiftView {
        let id = current.id
        let rule = try editedFixedShift(current, body)
        let check = try FixedShiftCheck.load(rule, replacing: id, workplaceID: workplaceID, actor: actor, now: now, lock: true, on: connection)
        let overridden = try check.check(overriding: override)
        try FixedShiftStore.update(rule, workplaceID: workplaceID, overridden: Self.rules(of: overridden), reason: override?.reason, on: connection)
        try FixedShiftStore.forgetSkips(fixedShiftID: id, on: connection)
        try ScheduleGenerator.removeUntouched(after: now, workplaceID: workplaceID, fixedShiftID: id, connection: connection)
        try ShiftStore.recordHistory(
            workplaceID: workplaceID, subject: "fixed_shift", subjectID: id, actorID: actor.userID.rawValue, at: now, action: "edit",
            from: "active", to: "active", note: nil, on: connection)
        try Self.recordOverride(
            overridden, override, fixedShiftID: id, owner: current.ownerId, workplaceID: workplaceID, actor: actor, now: now, on: connection)
        try ScheduleGenerator.generate(asOf: now, workplaceID: workplaceID, fixedShiftID: id, on: connection)
        try Self.announceFixedShift(id, owner: current.ownerId, workplaceID: workplaceID, on: connection)
        guard let view = try FixedShiftStore.find(id: id, workplaceID: workplaceID, on: connection) else { throw ShiftRefusal.fixedShiftNotFound }
        return view
    }

    /// Ends `current` (locked, active) and removes its untouched future occurrences.
    package static func endFixedShift(
        _ current: FixedShiftView, workplaceID: Int64, actorID: Int64, now: Date, on connection: PostgresConnection
    ) throws {
        let id = current.id
        try FixedShiftStore.end(id: id, workplaceID: workplaceID, on: connection)
        try FixedShiftStore.forgetSkips(fixedShiftID: id, on: connection)
        try ScheduleGenerator.removeUntouched(after: now, workplaceID: workplaceID, fixedShiftID: id, connection: connection)
        try ShiftStore.recordHistory(
            workplaceID: workplaceID, subject: "fixed_shift", subjectID: id, actorID: actorID, at: now, action: "end",
            from: "active", to: "ended", note: nil, on: connection)
        try Self.announceFixedShift(id, owner: current.ownerId, workplaceID: workplaceID, on: connection)
    }

    /// The rules `overridden` set aside, once each, in rulebook order.
    package static func rules(of overridden: [RuleFinding]) -> [ScheduleRule] {
        ScheduleRule.allCases.filter { rule in overridden.contains { $0.rule == rule } }
    }

    /// As every override: one history row per rule set aside (who and why) on the fixed shift, and
    /// `shift.rule_overridden` to the managers.
    package static func recordOverride(
        _ overridden: [RuleFinding], _ override: RuleOverride?, fixedShiftID: Int64, owner: Int64, workplaceID: Int64,
        actor: MarketplaceActor, now: Date, on connection: PostgresConnection
    ) throws {
        guard let override, !overridden.isEmpty else { return }
        for rule in rules(of: overridden) {
            let detail = overridden.first { $0.rule == rule }?.arguments.description ?? ""
            let weeks = overridden.filter { $0.rule == rule }.count
            try ShiftStore.recordHistory(
                workplaceID: workplaceID, subject: "fixed_shift", subjectID: fixedShiftID, actorID: actor.userID.rawValue, at: now,
                action: "override", from: "active", to: "active",
                note: "rule overridden: \(rule.code.rawValue) (\(weeks) week\(weeks == 1 ? "" : "s"); \(detail)) — reason: \(override.reason)",
                on: connection)
        }
        let name = try connection.query("SELECT display_name FROM users WHERE id = \(owner)").first?.decode("display_name", as: String.self) ?? ""
        try ShiftAnnouncer.announce(
            [.fixedShiftRulesOverridden(FixedShiftOverridePayload(
                fixedShiftId: fixedShiftID, ownerId: owner, ownerName: name, overriddenRules: rules(of: overridden).map(\.code.rawValue),
                overrideReason: override.reason, actorId: actor.userID.rawValue))],
            workplaceID: workplaceID, on: connection)
    }

    package static func announceFixedShift(_ id: Int64, owner: Int64, workplaceID: Int64, on connection: PostgresConnection) throws {
        try ShiftAnnouncer.announce([.fixedShiftChanged(id: id, owner: owner)], workplaceID: workplaceID, on: connection)
    }

    /// Validates input through the domain's `FixedShiftDraft` (a refusal names the offending field).
    package static func rule(
        id: Int64, owner: Int64, weekday: Int, startTime: String, durationMinutes: Int, position: String?,
        validFrom: String, validUntil: String?
    ) throws -> FixedShift {
        try FixedShiftDraft(
            weekday: weekday, startTime: startTime, durationMinutes: durationMinutes, position: position, validFrom: validFrom,
            validUntil: validUntil
        ).rule(id: FixedShiftID(rawValue: id), owner: UserID(rawValue: owner))
    }
}
