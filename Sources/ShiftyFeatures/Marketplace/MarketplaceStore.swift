import Foundation
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// SQL that loads (and for an action locks, ``MarketplaceLoad``) what `Marketplace.apply` looks at,
/// scoped by workplace.
///
/// An action's rows are locked `FOR UPDATE` in id order, so two transactions deciding about the same shift
/// run one after the other and the second sees the first one's result (READ COMMITTED re-reads
/// locked rows); deadlocks between different lock orders are retried by the pool.
enum MarketplaceStore {
    static let shiftColumns = "s.id, s.owner_id, s.starts_at, s.ends_at, s.status, s.deal_id, s.request_id, s.unassigned, s.position"

    static func ownedShift(from row: PostgresRow) throws -> OwnedShift {
        OwnedShift(
            id: ShiftID(rawValue: try row.decode("id")), owner: UserID(rawValue: try row.decode("owner_id")),
            start: try row.decode("starts_at"), end: try row.decode("ends_at"),
            status: try row.decode("status", as: ShiftStatus.self),
            dealID: try row.decode("deal_id", as: Int64?.self).map(DealID.init(rawValue:)),
            requestID: try row.decode("request_id", as: Int64?.self).map(RequestID.init(rawValue:)),
            isUnassigned: try row.decode("unassigned"), position: try row.decode("position", as: String?.self))
    }

    static func shifts(_ ids: [ShiftID], workplaceID: Int64, _ load: MarketplaceLoad, on connection: PostgresConnection) throws -> [OwnedShift] {
        guard !ids.isEmpty else { return [] }
        return try connection.query(
            "SELECT \(sql: shiftColumns) FROM shifts s WHERE s.id = ANY(\(ids.map(\.rawValue))) AND s.workplace_id = \(workplaceID) ORDER BY s.id\(sql: load.lockClause())").map(ownedShift(from:))
    }

    static func suggestedShifts(
        requestID: RequestID, workplaceID: Int64, _ load: MarketplaceLoad, on connection: PostgresConnection
    ) throws -> [OwnedShift] {
        try connection.query(
            """
            SELECT \(sql: shiftColumns) FROM shifts s
            WHERE s.request_id = \(requestID.rawValue) AND s.workplace_id = \(workplaceID) AND s.status = 'suggested' ORDER BY s.id\(sql: load.lockClause())
            """).map(ownedShift(from:))
    }

    /// The deal and its legs in one round trip: a join that locks (for an action) only the deal's row.
    static func deal(_ id: DealID, workplaceID: Int64, _ load: MarketplaceLoad, on connection: PostgresConnection) throws -> Deal? {
        let rows = try connection.query(
            """
            SELECT d.id, d.kind, d.state, d.initiator_id, d.request_id, d.created_at, d.expires_at, d.decided_by, d.decided_at,
                   d.decision_note, l.shift_id, l.giver_id, l.receiver_id, l.previous_owner_id, l.previous_status,
                   l.previous_deal_id, l.previous_request_id
            FROM deals d LEFT JOIN deal_legs l ON l.deal_id = d.id
            WHERE d.id = \(id.rawValue) AND d.workplace_id = \(workplaceID) ORDER BY l.shift_id\(sql: load.lockClause(of: "d"))
            """)
        guard let row = rows.first else { return nil }
        let legs = try rows.compactMap { leg -> DealLeg? in
            guard let shiftID = try leg.decode("shift_id", as: Int64?.self) else { return nil }
            return DealLeg(
                shiftID: ShiftID(rawValue: shiftID),
                giver: UserID(rawValue: try leg.decode("giver_id")),
                receiver: UserID(rawValue: try leg.decode("receiver_id")),
                previousState: ShiftState(
                    owner: UserID(rawValue: try leg.decode("previous_owner_id")),
                    status: try leg.decode("previous_status", as: ShiftStatus.self),
                    dealID: try leg.decode("previous_deal_id", as: Int64?.self).map(DealID.init(rawValue:)),
                    requestID: try leg.decode("previous_request_id", as: Int64?.self).map(RequestID.init(rawValue:))))
        }
        let initiator = UserID(rawValue: try row.decode("initiator_id"))
        // A swap's legs must list the initiator's shift first (the domain finds the counterparty by it).
        let ordered = legs.sorted { ($0.giver == initiator ? 0 : 1) < ($1.giver == initiator ? 0 : 1) }
        return Deal(
            id: id, kind: try row.decode("kind", as: DealKind.self), state: try row.decode("state", as: DealState.self),
            initiator: initiator, createdAt: try row.decode("created_at"), expiresAt: try row.decode("expires_at"),
            legs: ordered, requestID: try row.decode("request_id", as: Int64?.self).map(RequestID.init(rawValue:)),
            decidedBy: try row.decode("decided_by", as: Int64?.self).map(UserID.init(rawValue:)),
            decidedAt: try row.decode("decided_at"), decisionNote: try row.decode("decision_note"))
    }

    static func request(_ id: RequestID, workplaceID: Int64, _ load: MarketplaceLoad, on connection: PostgresConnection) throws -> ExtraWorkRequest? {
        try connection.query(
            "SELECT id, requester_id, local_date::text AS local_date, status, deal_id FROM requests WHERE id = \(id.rawValue) AND workplace_id = \(workplaceID)\(sql: load.lockClause())").first.map { row in
            ExtraWorkRequest(
                id: id, requester: UserID(rawValue: try row.decode("requester_id")), date: try row.localDate("local_date"),
                status: try row.decode("status", as: RequestStatus.self),
                dealID: try row.decode("deal_id", as: Int64?.self).map(DealID.init(rawValue:)))
        }
    }

    /// Every non-cancelled shift the members own, or are receiving in a pending deal, overlapping
    /// `window`, and their approved time off overlapping it: one statement for both (issue 14).
    static func commitmentsAndTimeOff(
        of members: Set<UserID>, window: Range<Date>, on connection: PostgresConnection
    ) throws -> (commitments: [UserID: [ShiftInterval]], timeOff: [UserID: [TimeOffInterval]]) {
        guard !members.isEmpty else { return ([:], [:]) }
        var commitments: [UserID: [ShiftInterval]] = [:]
        var timeOff: [UserID: [TimeOffInterval]] = [:]
        let rows = try connection.query(
            """
            SELECT s.owner_id AS member, s.id, s.starts_at, s.ends_at, false AS time_off FROM shifts s
            WHERE s.owner_id = ANY(\(members.map(\.rawValue).sorted())) AND s.status <> 'cancelled' AND s.starts_at < \(window.upperBound) AND s.ends_at > \(window.lowerBound)
            UNION
            SELECT l.receiver_id AS member, s.id, s.starts_at, s.ends_at, false AS time_off FROM deal_legs l JOIN shifts s ON s.id = l.shift_id
            WHERE l.pending AND l.receiver_id = ANY(\(members.map(\.rawValue).sorted())) AND s.starts_at < \(window.upperBound) AND s.ends_at > \(window.lowerBound)
            UNION ALL
            SELECT t.user_id AS member, t.id, t.starts_at, t.ends_at, true AS time_off FROM time_off_requests t
            WHERE t.user_id = ANY(\(members.map(\.rawValue).sorted())) AND t.status = 'approved' AND t.starts_at < \(window.upperBound) AND t.ends_at > \(window.lowerBound)
            ORDER BY time_off, starts_at, id
            """)
        for row in rows {
            let member = UserID(rawValue: try row.decode("member"))
            if try row.decode("time_off", as: Bool.self) {
                timeOff[member, default: []].append(
                    TimeOffInterval(requestID: try row.decode("id"), start: try row.decode("starts_at"), end: try row.decode("ends_at")))
            } else {
                commitments[member, default: []].append(ShiftInterval(
                    shiftID: ShiftID(rawValue: try row.decode("id")), start: try row.decode("starts_at"), end: try row.decode("ends_at")))
            }
        }
        return (commitments, timeOff)
    }

    static func liveRequestDates(of requester: UserID, on connection: PostgresConnection) throws -> Set<LocalDate> {
        Set(try connection.query(
            "SELECT local_date::text AS local_date FROM requests WHERE requester_id = \(requester.rawValue) AND status IN ('open', 'pending_deal')").map { try $0.localDate("local_date") })
    }

    /// Reserves the next id of an identity column, so the domain can name a row before it exists.
    static func reserveID(table: String, on connection: PostgresConnection) throws -> Int64 {
        try connection.query("SELECT nextval(pg_get_serial_sequence(\(table), 'id')) AS id")[0].decode("id")
    }

    /// The workplace's time zone, marketplace switches and tracked positions in one round trip.
    static func workplaceWithPositions(
        _ id: Int64, on connection: PostgresConnection
    ) throws -> (WorkplaceTimeZone, StoredWorkplaceSettings, Set<String>) {
        guard let row = try connection.query(
            """
            SELECT time_zone, settings::text AS settings,
                   ARRAY(SELECT p.name FROM workplace_positions p WHERE p.workplace_id = w.id) AS positions
            FROM workplaces w WHERE id = \(id)
            """).first
        else {
            throw StoreError.workplaceNotFound(workplaceID: id)
        }
        let zone = (try? WorkplaceTimeZone(identifier: try row.decode("time_zone"))) ?? .utc
        let positions: [String] = try row.decode("positions")
        return (zone, try StoredWorkplaceSettings.stored(try row.decode("settings"), workplaceID: id), Set(positions))
    }
}
