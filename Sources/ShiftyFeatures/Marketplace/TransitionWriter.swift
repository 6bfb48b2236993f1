import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Persists one accepted `Transition` inside the caller's transaction: the deal and its legs,
/// requests, shifts, history rows and event rows, all or nothing.
///
/// This is the one writer of shifts' owner, time and status: trades, approvals and every manager
/// edit (assign, unassign, delete, one-off shifts) come here as a `Transition` decided by
/// `Marketplace.apply`. Schedule generation (`ScheduleGenerator`) is the only other path that
/// writes `shifts`: it inserts the occurrences of fixed shifts set-based in one statement (one row
/// per occurrence through `apply` would cost a round trip each across every workplace) and removes
/// the future occurrences it still owns (never traded, edited or assigned: `touched = false`, plain
/// `scheduled`, no history) when a rule changes or a day closes; it never changes a shift anybody
/// touched.
///
/// Every shift update is conditional on the row still holding `ShiftChange.from`; a miss means a
/// concurrent transaction won, so the whole transaction fails with `shift_no_longer_available`.
enum TransitionWriter {
    /// `publication` is the change of the published schedule a manager's action makes
    /// (`PublishedWeeks.publication`), recorded here so it commits or rolls back with the change;
    /// `nil` for trades between employees, which act on the published schedule.
    static func persist(
        _ transition: Transition, action: MarketplaceAction, previousDeal: Deal?, workplaceID: Int64,
        publication: SchedulePublication? = nil, partOfPublication: Bool = false, on connection: PostgresConnection
    ) throws {
        if let deal = transition.deal {
            try write(deal, previous: previousDeal, workplaceID: workplaceID, on: connection)
        }
        for change in transition.requestChanges {
            try write(change, workplaceID: workplaceID, on: connection)
        }
        for shift in transition.newShifts {
            try insert(shift, workplaceID: workplaceID, on: connection)
        }
        for change in transition.shiftChanges {
            try write(change, on: connection)
        }
        for change in transition.timeChanges {
            try write(change, on: connection)
        }
        try records(transition, action: action, workplaceID: workplaceID, partOfPublication: partOfPublication, on: connection)
        if let publication {
            try ScheduleWeeksStore.record(publication, workplaceID: workplaceID, on: connection)
        }
    }

    /// A decided deal's row and its legs' `pending` mark change in one statement; a new deal is
    /// inserted with its legs in one statement (a shift already in a pending deal breaks the legs'
    /// partial unique index).
    static func write(_ deal: Deal, previous: Deal?, workplaceID: Int64, on connection: PostgresConnection) throws {
        if let previous {
            let updated = try connection.query(
                """
                WITH decided AS (
                    UPDATE deals SET state = \(bind: deal.state.rawValue), decided_by = \(deal.decidedBy?.rawValue),
                                     decided_at = \(deal.decidedAt), decision_note = \(bind: deal.decisionNote)
                    WHERE id = \(deal.id.rawValue) AND state = \(bind: previous.state.rawValue) RETURNING id
                ), legs AS (
                    UPDATE deal_legs SET pending = false WHERE deal_id IN (SELECT id FROM decided) AND NOT \(deal.state.isPending)::boolean
                )
                SELECT count(*) AS updated FROM decided
                """
            ).first?.decode("updated", as: Int64.self) ?? 0
            guard updated == 1 else {
                throw MarketplaceRefusal(.dealNotPending, .changedJustNow, .init(deal: deal.id))
            }
        } else {
            do {
                let legs = try legsJSON(of: deal)
                try connection.execute(
                    """
                    WITH deal AS (
                        INSERT INTO deals (id, workplace_id, kind, state, initiator_id, request_id, created_at, expires_at,
                                           decided_by, decided_at, decision_note)
                        VALUES (\(deal.id.rawValue), \(workplaceID), \(bind: deal.kind.rawValue), \(bind: deal.state.rawValue),
                                \(deal.initiator.rawValue), \(deal.requestID?.rawValue), \(deal.createdAt), \(deal.expiresAt),
                                \(deal.decidedBy?.rawValue), \(deal.decidedAt), \(bind: deal.decisionNote))
                    )
                    INSERT INTO deal_legs (deal_id, shift_id, giver_id, receiver_id, previous_owner_id, previous_status,
                                           previous_deal_id, previous_request_id, pending)
                    SELECT \(deal.id.rawValue)::bigint, l.shift_id, l.giver_id, l.receiver_id, l.previous_owner_id, l.previous_status,
                           l.previous_deal_id, l.previous_request_id, \(deal.state.isPending)::boolean
                    FROM jsonb_to_recordset(\(bind: legs)::jsonb) AS l(shift_id bigint, giver_id bigint, receiver_id bigint,
                         previous_owner_id bigint, previous_status text, previous_deal_id bigint, previous_request_id bigint)
                    """)
            } catch let error as PostgresError where error.serverState == .uniqueViolation {
                throw MarketplaceRefusal(.shiftInPendingDeal, .init(shift: deal.legs.first?.shiftID))
            }
        }
    }

    /// The legs as `jsonb_to_recordset` rows (see ``JSONRecordWriter``).
    private static func legsJSON(of deal: Deal) throws -> String {
        var writer = JSONRecordWriter()
        for leg in deal.legs {
            writer.beginRecord()
            writer.field("shift_id", leg.shiftID.rawValue)
            writer.field("giver_id", leg.giver.rawValue)
            writer.field("receiver_id", leg.receiver.rawValue)
            writer.field("previous_owner_id", leg.previousState.owner.rawValue)
            writer.field("previous_status", leg.previousState.status.rawValue)
            writer.field("previous_deal_id", leg.previousState.dealID?.rawValue)
            writer.field("previous_request_id", leg.previousState.requestID?.rawValue)
            writer.endRecord()
        }
        return writer.json
    }

    static func write(_ change: RequestChange, workplaceID: Int64, on connection: PostgresConnection) throws {
        let request = change.to
        if let previous = change.from {
            let updated = try connection.execute(
                "UPDATE requests SET status = \(request.status.rawValue), deal_id = \(request.dealID?.rawValue), updated_at = now() WHERE id = \(request.id.rawValue) AND status = \(previous.status.rawValue)")
            guard updated == 1 else {
                throw MarketplaceRefusal(.requestNotOpen, .changedJustNow, .init(request: request.id))
            }
        } else {
            do {
                try connection.execute(
                    """
                    INSERT INTO requests (id, workplace_id, requester_id, local_date, status, deal_id)
                    VALUES (\(request.id.rawValue), \(workplaceID), \(request.requester.rawValue), \(request.date.description)::date, \(request.status.rawValue), \(request.dealID?.rawValue))
                    """)
            } catch let error as PostgresError where error.serverState == .uniqueViolation {
                throw MarketplaceRefusal(.requestAlreadyOpen, .init(date: request.date))
            }
        }
    }

    /// A manager's one-off shift: `touched` from the start, so generation never overwrites it.
    static func insert(_ shift: NewShift, workplaceID: Int64, on connection: PostgresConnection) throws {
        try connection.execute(
            """
            INSERT INTO shifts (id, workplace_id, owner_id, local_date, starts_at, ends_at, position, touched)
            OVERRIDING SYSTEM VALUE VALUES (\(shift.id.rawValue), \(workplaceID), \(shift.owner.rawValue), \(shift.date.description)::date, \(shift.start), \(shift.end), \(shift.position), true)
            """)
    }

    /// A manager's new times or position (`editShift`): the row is locked by the loader and must
    /// still be a plain scheduled shift outside any deal; it becomes `touched`, so generation never
    /// puts the old times back.
    static func write(_ change: ShiftTimeChange, on connection: PostgresConnection) throws {
        let updated = try connection.execute(
            """
            UPDATE shifts SET starts_at = \(change.to.start), ends_at = \(change.to.end), position = \(change.to.position), touched = true, updated_at = now()
            WHERE id = \(change.shiftID.rawValue) AND status = 'scheduled' AND deal_id IS NULL AND request_id IS NULL AND NOT unassigned
            """)
        guard updated == 1 else {
            throw MarketplaceRefusal(.shiftNoLongerAvailable, .changedJustNow, .init(shift: change.shiftID))
        }
    }

    /// A shift becomes `touched` (generation leaves it alone for good) once it changes owner, is
    /// cancelled or a manager unassigns it (`ShiftChange.touches`); offering it and taking the
    /// offer back does not count. The `unassigned` mark is set by an unassignment and cleared when
    /// the owner changes.
    static func write(_ change: ShiftChange, on connection: PostgresConnection) throws {
        let (from, to) = (change.from, change.to)
        let ownerChanges = from.owner != to.owner
        let updated = try connection.execute(
            """
            UPDATE shifts SET owner_id = \(to.owner.rawValue), status = \(bind: to.status.rawValue),
                   deal_id = \(to.dealID?.rawValue), request_id = \(to.requestID?.rawValue),
                   touched = touched OR \(ownerChanges || to.status == .cancelled || change.touches)::boolean,
                   unassigned = (unassigned OR \(change.unassigns)::boolean) AND NOT \(ownerChanges || change.assigns)::boolean,
                   updated_at = now()
            WHERE id = \(change.shiftID.rawValue) AND owner_id = \(from.owner.rawValue) AND status = \(bind: from.status.rawValue)
              AND deal_id IS NOT DISTINCT FROM \(from.dealID?.rawValue) AND request_id IS NOT DISTINCT FROM \(from.requestID?.rawValue)
            """)
        guard updated == 1 else {
            throw MarketplaceRefusal(.shiftNoLongerAvailable, .changedJustNow, .init(shift: change.shiftID))
        }
    }
}
