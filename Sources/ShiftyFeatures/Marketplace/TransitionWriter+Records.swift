import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres
import ShiftyServerCore

/// The history rows and event rows of one transition, written in one statement (a data-modifying
/// CTE), after the shifts' new state was read once for every event's payload.
///
/// Before, each history entry and each event was its own INSERT, and each event also read its
/// shifts, its decision and re-took the workplace's event lock: 16 statements for a pick-up plus its
/// approval. Now it is two per transition (read the payload facts, insert everything), and the
/// `events` trigger NOTIFYs once for the transition instead of once per event.
extension TransitionWriter {
    static func records(
        _ transition: Transition, action: MarketplaceAction, workplaceID: Int64, on connection: PostgresConnection
    ) throws {
        let history = try historyJSON(transition.history, action: action)
        // Everyone's team week shows these shifts: the whole workplace hears of them in the same
        // statement (`team_schedule.changed`; the transition's own events reach only the people concerned).
        let announced = Array(Set(
            transition.newShifts.map(\.id.rawValue) + transition.shiftChanges.map(\.shiftID.rawValue)
                + transition.timeChanges.map(\.shiftID.rawValue))).sorted()
        guard !transition.events.isEmpty || !announced.isEmpty else {
            guard !transition.history.isEmpty else { return }
            try connection.execute(
                """
                INSERT INTO shift_history (workplace_id, subject_type, subject_id, actor_id, at, action, from_state, to_state, note)
                SELECT $1, h.subject_type, h.subject_id, h.actor_id, h.at, h.action, h.from_state, h.to_state, h.note
                FROM jsonb_to_recordset($2::jsonb) AS h(ord int, subject_type text, subject_id bigint, actor_id bigint,
                     at timestamptz, action text, from_state text, to_state text, note text)
                ORDER BY h.ord
                """,
                [workplaceID, history])
            return
        }
        let actorID = transition.history.lazy.compactMap(\.actor).first?.rawValue
        let events = try eventsJSON(
            transition.events, dealID: transition.deal?.id, workplaceID: workplaceID, actorID: actorID,
            announcing: announced, formerOwners: transition.shiftChanges.map(\.from.owner.rawValue), on: connection)
        // The event lock is taken (materialized CTE, joined to every event row) before any event id
        // is drawn; see `EventWriter.lockWorkplaceEvents` for why.
        try connection.execute(
            """
            WITH history AS (
                INSERT INTO shift_history (workplace_id, subject_type, subject_id, actor_id, at, action, from_state, to_state, note)
                SELECT $1, h.subject_type, h.subject_id, h.actor_id, h.at, h.action, h.from_state, h.to_state, h.note
                FROM jsonb_to_recordset($2::jsonb) AS h(ord int, subject_type text, subject_id bigint, actor_id bigint,
                     at timestamptz, action text, from_state text, to_state text, note text)
                ORDER BY h.ord
            ), event_lock AS MATERIALIZED (
                SELECT pg_advisory_xact_lock($4::int4, ($1::bigint % $5::bigint)::int4) AS locked
            )
            INSERT INTO events (workplace_id, type, audience, user_ids, manager_only, payload)
            SELECT $1, e.type, e.audience, e.user_ids, e.manager_only, e.payload
            FROM event_lock CROSS JOIN jsonb_to_recordset($3::jsonb) AS e(ord int, type text, audience text, user_ids bigint[],
                 manager_only boolean, payload jsonb)
            ORDER BY e.ord
            """,
            [workplaceID, history, events, EventWriter.advisoryLockNamespace, EventWriter.lockStripes])
    }

    /// The history rows as `jsonb_to_recordset` rows (see ``JSONRecordWriter``).
    private static func historyJSON(_ entries: [HistoryEntry], action: MarketplaceAction) throws -> String {
        var writer = JSONRecordWriter(capacity: 200 * entries.count)
        for (index, entry) in entries.enumerated() {
            let (subject, id): (String, Int64) = switch entry.subject {
            case .shift(let shift): ("shift", shift.rawValue)
            case .deal(let deal): ("deal", deal.rawValue)
            case .request(let request): ("request", request.rawValue)
            }
            writer.beginRecord()
            writer.field("ord", index)
            writer.field("subject_type", subject)
            writer.field("subject_id", id)
            writer.field("actor_id", entry.actor?.rawValue)
            writer.field("at", try entry.at.postgresText() ?? "")
            writer.field("action", action.name)
            writer.field("from_state", entry.from)
            writer.field("to_state", entry.to)
            writer.field("note", entry.note)
            writer.endRecord()
        }
        return writer.json
    }

    /// Every event's row as JSON, its payload carrying the shifts as they are now (after the writes)
    /// and, for decisions, who decided. One query reads all of it.
    private static func eventsJSON(
        _ events: [MarketplaceEvent], dealID: DealID?, workplaceID: Int64, actorID: Int64?,
        announcing announced: [Int64], formerOwners: [Int64], on connection: PostgresConnection
    ) throws -> String {
        let shiftIDs = Array(Set(events.flatMap(\.shiftIDs).map(\.rawValue) + announced)).sorted()
        let decidedDeal = events.contains { MarketplaceEventPayload.carriesDecision($0.kind) && $0.dealID != nil } ? dealID : nil
        var shifts: [Int64: ShiftyAPI.MarketShift] = [:]
        var decisions: [DealID: ShiftyAPI.DealDecision?] = [:]
        if !shiftIDs.isEmpty || decidedDeal != nil {
            let rows = try connection.query(
                """
                SELECT v.*, dd.decided_by AS decision_by, dd.display_name AS decision_by_name, dd.decision_note AS decision_note,
                       dd.decided_by IS NOT NULL AS has_decision
                FROM (SELECT 1) AS one
                LEFT JOIN (\(ShiftStore.select) WHERE s.id = ANY($1) AND s.workplace_id = $2) v ON true
                LEFT JOIN (SELECT d.decided_by, u.display_name, d.decision_note FROM deals d JOIN users u ON u.id = d.decided_by
                           WHERE d.id = $3 AND d.workplace_id = $2) dd ON true
                """,
                [shiftIDs, workplaceID, decidedDeal?.rawValue])
            for row in rows {
                if try row.decode("id", as: Int64?.self) != nil {
                    let view = try ShiftyAPI.MarketShift(row: row)
                    shifts[view.id] = view
                }
            }
            if let decidedDeal {
                decisions[decidedDeal] = try rows.first.flatMap { row -> ShiftyAPI.DealDecision? in
                    guard try row.decode("has_decision", as: Bool.self) else { return nil }
                    return ShiftyAPI.DealDecision(
                        byId: try row.decode("decision_by"), byName: try row.decode("decision_by_name"),
                        note: try row.decode("decision_note"))
                }
            }
        }
        var writer = JSONRecordWriter(capacity: 1024 * (events.count + 1))
        for (index, event) in events.enumerated() {
            let type = EventType.marketplace(event.kind)
            let audience: EventAudience
            let users: [Int64]
            switch event.audience {
            case .workplace: (audience, users) = (.workplace, [])
            case .managers: (audience, users) = (.managers, [])
            case .users(let ids): (audience, users) = (.users, ids.map(\.rawValue))
            }
            // Fail closed: a row must never reach more people than its type may.
            guard type.allows(audience) else { throw EventAudienceMismatch(type: type, audience: audience) }
            var payload = MarketplaceEventPayload(event, shifts: event.shiftIDs.compactMap { shifts[$0.rawValue] }, actorID: actorID)
            if MarketplaceEventPayload.carriesDecision(event.kind), let eventDeal = event.dealID {
                if let known = decisions[eventDeal] {
                    payload.decision = known
                } else {
                    // Not the transition's own deal (not expected): read it as before.
                    let decision = try ShiftyAPI.DealDecision.recorded(dealID: eventDeal.rawValue, workplaceID: workplaceID, on: connection)
                    decisions[eventDeal] = decision
                    payload.decision = decision
                }
            }
            // The payload is encoded exactly as `EventWriter.insert` encodes it.
            writer.eventRow(
                ord: index, type: type, audience: audience, userIDs: audience == .users ? users.sorted() : [],
                payload: String(decoding: try APIJSON.encoder.encode(payload), as: UTF8.self))
        }
        if !announced.isEmpty {
            let known = announced.compactMap { shifts[$0] }
            let payload = TeamScheduleAnnouncement.Payload(
                shiftIds: announced, dates: Set(known.map(\.date)).sorted(),
                ownerIds: Set(formerOwners + known.map(\.ownerId)).sorted(), fixedShiftId: nil)
            writer.eventRow(
                ord: events.count, type: .server(.teamScheduleChanged), audience: .workplace, userIDs: [],
                payload: String(decoding: try APIJSON.encoder.encode(payload), as: UTF8.self))
        }
        return writer.json
    }
}

extension JSONRecordWriter {
    /// One `events` row for the batched insert of ``TransitionWriter/records(_:action:workplaceID:on:)``.
    fileprivate mutating func eventRow(ord: Int, type: EventType, audience: EventAudience, userIDs: [Int64], payload: String) {
        beginRecord()
        field("ord", ord)
        field("type", type.rawValue)
        field("audience", audience.rawValue)
        field("user_ids", userIDs)
        field("manager_only", audience == .managers)
        field("payload", json: payload)
        endRecord()
    }
}
