import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// Managers' punch edits (each one audited) and everyone's view of punches and days.
package struct PunchService: Sendable {
    package let pool: PostgresPool

    package init(pool: PostgresPool) {
        self.pool = pool
    }

    /// Why the punch changes (`TimesheetDecider`'s rule for every reason that changes hours).
    package static func reason(_ raw: String) throws -> String {
        try TimesheetDecider.checkedReason(raw)
    }

    /// Refuses an edit touching a day of an approved (locked) timesheet (`TimesheetDecider.checkEdit`).
    package static func requireUnlocked(userID: Int64, instants: [Date], workplaceID: Int64, on connection: PostgresConnection) throws {
        guard let context = try TimeclockSettingsStore.context(workplaceID: workplaceID, on: connection) else {
            throw StoreError.workplaceNotFound(workplaceID: workplaceID)
        }
        let dates = instants.map { context.timeZone.localDate(of: $0) }
        guard let first = dates.min(), let last = dates.max() else { return }
        let locks = try TimesheetStore.lockedApprovals(workplaceID: workplaceID, userIDs: [userID], first: first, last: last, on: connection)
        try TimesheetDecider.checkEdit(touching: instants, locks: locks, in: context.timeZone)
    }

    package func add(_ caller: AuthenticatedUser, _ input: AddPunchRequest) async throws -> PunchView {
        try caller.requireManager()
        let reason = try Self.reason(input.reason)
        try PunchEditDecider.check(instant: input.at, now: Date())
        let punch = Punch(input.kind, at: input.at)
        return try await pool.transaction { connection in
            guard try PunchStore.lockMember(id: input.userID, workplaceID: caller.workplaceID, on: connection) != nil else { throw PunchRefusal.memberNotFound }
            try Self.requireUnlocked(userID: input.userID, instants: [punch.instant], workplaceID: caller.workplaceID, on: connection)
            let id = try PunchStore.insert(workplaceID: caller.workplaceID, userID: input.userID, punch: punch, source: "manager", kioskID: nil, createdBy: caller.id, on: connection)
            try PunchStore.recordEdit(workplaceID: caller.workplaceID, punchID: id, userID: input.userID, actorID: caller.id, action: "add", before: nil, after: punch, reason: reason, on: connection)
            guard let view = try PunchStore.view(id: id, workplaceID: caller.workplaceID, on: connection) else { throw PunchRefusal.punchNotFound }
            return view
        }
    }

    package func move(_ caller: AuthenticatedUser, id: Int64, _ input: MovePunchRequest) async throws -> PunchView {
        try caller.requireManager()
        let reason = try Self.reason(input.reason)
        try PunchEditDecider.checkMove(to: input.at, kind: input.kind, now: Date())
        return try await pool.transaction { connection in
            guard let existing = try PunchStore.lockPunch(id: id, workplaceID: caller.workplaceID, on: connection) else { throw PunchRefusal.punchNotFound }
            let after = Punch(input.kind ?? existing.punch.kind, at: input.at ?? existing.punch.instant)
            try Self.requireUnlocked(userID: existing.userID, instants: [existing.punch.instant, after.instant], workplaceID: caller.workplaceID, on: connection)
            try PunchStore.update(id: id, to: after, on: connection)
            try PunchStore.recordEdit(workplaceID: caller.workplaceID, punchID: id, userID: existing.userID, actorID: caller.id, action: "move", before: existing.punch, after: after, reason: reason, on: connection)
            guard let view = try PunchStore.view(id: id, workplaceID: caller.workplaceID, on: connection) else { throw PunchRefusal.punchNotFound }
            return view
        }
    }

    package func delete(_ caller: AuthenticatedUser, id: Int64, reason rawReason: String) async throws {
        try caller.requireManager()
        let reason = try Self.reason(rawReason)
        try await pool.transaction { connection in
            guard let existing = try PunchStore.lockPunch(id: id, workplaceID: caller.workplaceID, on: connection) else { throw PunchRefusal.punchNotFound }
            try Self.requireUnlocked(userID: existing.userID, instants: [existing.punch.instant], workplaceID: caller.workplaceID, on: connection)
            try PunchStore.delete(id: id, on: connection)
            try PunchStore.recordEdit(workplaceID: caller.workplaceID, punchID: id, userID: existing.userID, actorID: caller.id, action: "delete", before: existing.punch, after: nil, reason: reason, on: connection)
        }
    }

    /// The punch history. Employees only ever see their own punches.
    package func list(_ caller: AuthenticatedUser, query: PunchStore.Query) async throws -> [PunchView] {
        var query = query
        if !caller.isManager { query.userID = caller.id }
        let scoped = query
        return try await pool.withConnection { try PunchStore.list(workplaceID: caller.workplaceID, query: scoped, on: $0) }
    }

    /// Who is checked in right now (managers).
    package func present(_ caller: AuthenticatedUser) async throws -> [PresentMemberView] {
        try caller.requireManager()
        return try await pool.withConnection {
            try PunchStore.checkedIn(workplaceID: caller.workplaceID, within: KioskPunch.longestSession, on: $0)
        }
    }

    /// The audit trail; employees see the edits made to their own punches.
    package func edits(_ caller: AuthenticatedUser, userID: Int64?, punchID: Int64?) async throws -> [PunchEditView] {
        let userID = caller.isManager ? userID : caller.id
        return try await pool.withConnection { try PunchStore.edits(workplaceID: caller.workplaceID, userID: userID, punchID: punchID, limit: 500, on: $0) }
    }

    /// A member's days over a range (at most a year); employees only their own.
    package func days(_ caller: AuthenticatedUser, userID requested: Int64?, first: LocalDate, last: LocalDate) async throws -> TimeclockDaysView {
        let userID = try PunchEditDecider.member(requested.map(UserID.init(rawValue:)), by: caller.workplaceActor).rawValue
        try PunchEditDecider.checkDays(first, last)
        return try await pool.withConnection { connection in
            guard let context = try TimeclockSettingsStore.context(workplaceID: caller.workplaceID, on: connection),
                  try AccountStore.user(id: userID, workplaceID: caller.workplaceID, on: connection) != nil
            else { throw PunchRefusal.memberNotFound }
            let days = try TimeclockQueries.days(userID: userID, first: first, last: last, context: context, now: Date(), on: connection)
            return TimeclockDaysView(
                userID: userID, from: first.description, to: last.description, days: days.map(MyHours.Day.init),
                workedMinutes: days.filter(\.countsTowardTotals).reduce(0) { $0 + $1.workedMinutes })
        }
    }

    package func rules(_ caller: AuthenticatedUser) async throws -> TimeclockRulesDocument {
        try await pool.withConnection { connection in
            guard let context = try TimeclockSettingsStore.context(workplaceID: caller.workplaceID, on: connection) else {
                throw StoreError.workplaceNotFound(workplaceID: caller.workplaceID)
            }
            return TimeclockRulesDocument(context.rules)
        }
    }

    /// Changes some or all rules; fields left out keep their current value.
    package func updateRules(_ caller: AuthenticatedUser, _ input: TimeclockRulesDocument) async throws -> TimeclockRulesDocument {
        try caller.requireManager()
        return try await pool.transaction { connection in
            guard let context = try TimeclockSettingsStore.context(workplaceID: caller.workplaceID, on: connection) else {
                throw StoreError.workplaceNotFound(workplaceID: caller.workplaceID)
            }
            let rules = input.applied(to: context.rules)
            try rules.validate()
            try TimeclockSettingsStore.save(rules, workplaceID: caller.workplaceID, on: connection)
            return TimeclockRulesDocument(rules)
        }
    }
}
