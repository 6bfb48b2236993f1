import Foundation
import Logging
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres

/// Time off: a member asks, a manager approves or declines (with a note the member sees), the
/// member may withdraw. Every change writes an event to the member and the workplace's managers
/// in the same transaction.
///
/// Approving releases the member's shifts inside the time off to the marketplace, in the same
/// transaction, through the marketplace's `unassign` (so `TransitionWriter` writes them, with
/// history and `shift.supplied`/`shift.unassigned` events): the member stays responsible for each
/// until a coworker's pick-up is approved, exactly like a manager's unassign (docs/time-off.md).
struct TimeOffService: Sendable {
    let pool: PostgresPool

    static let maximumReasonLength = 1000

    func list(_ caller: AuthenticatedUser, userID: Int64?, status: TimeOffStatus?) async throws -> [ShiftyAPI.TimeOffRequest] {
        // An employee sees only their own; a manager everyone's (or one member's).
        let member = caller.isManager ? userID : caller.id
        return try await pool.withConnection { connection in
            try TimeOffStore.list(workplaceID: caller.workplaceID, userID: member, status: status, on: connection)
        }
    }

    func request(_ caller: AuthenticatedUser, _ body: ShiftyAPI.RequestTimeOffBody, now: Date = Date()) async throws -> ShiftyAPI.TimeOffRequest {
        let period = try Self.period(from: body)
        let reason = (body.reason ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard reason.count <= Self.maximumReasonLength else {
            throw Problem.invalid("reason", "at most \(Self.maximumReasonLength) characters")
        }
        return try await pool.transaction { connection in
            let (zone, _, _) = try MarketplaceStore.workplaceWithPositions(caller.workplaceID, on: connection)
            let interval = period.interval(in: zone)
            guard !interval.isEmpty else { throw Problem.invalid("endTime", "the time off must not be empty") }
            guard interval.upperBound > now else { throw Problem.invalid("lastDate", "the time off is already over") }
            let id = try TimeOffStore.insert(
                workplaceID: caller.workplaceID, userID: caller.id, period: period, interval: interval, reason: reason, on: connection)
            let view = try TimeOffStore.lock(id, workplaceID: caller.workplaceID, on: connection)!
            try Self.announce(.timeOffRequested, view, workplaceID: caller.workplaceID, on: connection)
            return view
        }
    }

    func approve(_ caller: AuthenticatedUser, id: Int64, note: String?, now: Date = Date()) async throws -> ShiftyAPI.TimeOffRequest {
        try caller.requireManager()
        try Self.check(note: note)
        return try await pool.transaction { connection in
            try Self.approve(id, by: MarketplaceCaller(caller), note: note, now: now, on: connection)
        }
    }

    /// Approves on an open transaction as `manager` (the route, and the demo seeder) and releases
    /// the member's shifts inside the time off through the marketplace's `unassign`.
    static func approve(
        _ id: Int64, by manager: MarketplaceCaller, note: String?, now: Date, on connection: PostgresConnection
    ) throws -> ShiftyAPI.TimeOffRequest {
        guard let current = try TimeOffStore.lock(id, workplaceID: manager.workplaceID, on: connection) else {
            throw Problem.notFound("time-off request")
        }
        try requirePending(current)
        try TimeOffStore.setStatus(id, to: .approved, note: note, decidedBy: manager.userID, now: now, on: connection)
        var released: [Int64] = []
        for shiftID in try TimeOffStore.shiftsToRelease(
            userID: current.userId, interval: current.startsAt..<current.endsAt, now: now, on: connection
        ) {
            _ = try MarketplaceExecutor.run(
                .unassign(ShiftID(rawValue: shiftID), note: "time off \(id) approved"), caller: manager, now: now, on: connection)
            released.append(shiftID)
        }
        var view = try TimeOffStore.lock(id, workplaceID: manager.workplaceID, on: connection)!
        view.releasedShiftIds = released
        try announce(.timeOffApproved, view, workplaceID: manager.workplaceID, on: connection)
        return view
    }

    func decline(_ caller: AuthenticatedUser, id: Int64, note: String?, now: Date = Date()) async throws -> ShiftyAPI.TimeOffRequest {
        try caller.requireManager()
        try Self.check(note: note)
        return try await pool.transaction { connection in
            _ = try Self.pending(id, caller: caller, on: connection)
            try TimeOffStore.setStatus(id, to: .declined, note: note, decidedBy: caller.id, now: now, on: connection)
            let view = try TimeOffStore.lock(id, workplaceID: caller.workplaceID, on: connection)!
            try Self.announce(.timeOffDeclined, view, workplaceID: caller.workplaceID, on: connection)
            return view
        }
    }

    /// The member takes back a pending or approved request. Shifts an approval released stay on
    /// the marketplace (a coworker may already be picking one up); a manager assigns them back if wanted.
    func withdraw(_ caller: AuthenticatedUser, id: Int64, now: Date = Date()) async throws -> ShiftyAPI.TimeOffRequest {
        try await pool.transaction { connection in
            guard let current = try TimeOffStore.lock(id, workplaceID: caller.workplaceID, on: connection),
                  current.userId == caller.id
            else { throw Problem.notFound("time-off request") }
            guard TimeOffStatus(rawValue: current.status)?.isWithdrawable == true else {
                throw Problem(
                    .conflict, code: .timeOffNotWithdrawable, text: .init("server.problem.time_off_not_withdrawable.detail", ["id": String(id), "status": current.status]))
            }
            try TimeOffStore.setStatus(id, to: .withdrawn, note: nil, decidedBy: nil, now: now, on: connection)
            let view = try TimeOffStore.lock(id, workplaceID: caller.workplaceID, on: connection)!
            try Self.announce(.timeOffWithdrawn, view, workplaceID: caller.workplaceID, on: connection)
            return view
        }
    }

    static func pending(_ id: Int64, caller: AuthenticatedUser, on connection: PostgresConnection) throws -> ShiftyAPI.TimeOffRequest {
        guard let current = try TimeOffStore.lock(id, workplaceID: caller.workplaceID, on: connection) else {
            throw Problem.notFound("time-off request")
        }
        try requirePending(current)
        return current
    }

    static func requirePending(_ current: ShiftyAPI.TimeOffRequest) throws {
        guard current.status == TimeOffStatus.pending.rawValue else {
            throw Problem(
                .conflict, code: .timeOffNotPending,
                text: .init("server.problem.time_off_not_pending.detail", ["id": String(current.id), "status": current.status]))
        }
    }

    static func check(note: String?) throws {
        guard (note?.count ?? 0) <= Marketplace.maximumNoteLength else {
            throw Problem.invalid("note", "at most \(Marketplace.maximumNoteLength) characters")
        }
    }

    /// The request's event, to the member and every active manager of the workplace.
    static func announce(_ type: EventType, _ view: ShiftyAPI.TimeOffRequest, workplaceID: Int64, on connection: PostgresConnection) throws {
        let managers = try TimeOffStore.managerIDs(workplaceID: workplaceID, on: connection)
        try EventWriter.insert(
            workplaceID: workplaceID, type: type, userIDs: Array(Set(managers + [view.userId])),
            payload: TimeOffEventPayload(timeOff: view), on: connection)
    }

    /// Parses and checks the body's dates and times (422 naming the field).
    static func period(from body: ShiftyAPI.RequestTimeOffBody) throws -> TimeOffPeriod {
        guard let first = LocalDate(body.firstDate) else { throw Problem.invalid("firstDate", "expected YYYY-MM-DD") }
        var last = first
        if let text = body.lastDate {
            guard let date = LocalDate(text) else { throw Problem.invalid("lastDate", "expected YYYY-MM-DD") }
            last = date
        }
        func time(_ text: String?, _ field: String) throws -> LocalTime? {
            guard let text, !text.isEmpty else { return nil }
            guard let value = LocalTime(text) else { throw Problem.invalid(field, "expected HH:MM") }
            return value
        }
        let period = TimeOffPeriod(
            firstDate: first, lastDate: last, startTime: try time(body.startTime, "startTime"), endTime: try time(body.endTime, "endTime"))
        if let problem = period.problem { throw Problem.invalid(problem.field, problem.reason) }
        return period
    }
}

/// What a time-off event carries: the request as the API shows it.
struct TimeOffEventPayload: Encodable {
    var timeOff: ShiftyAPI.TimeOffRequest
}
