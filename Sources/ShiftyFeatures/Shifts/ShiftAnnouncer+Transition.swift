import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres
import ShiftyServerCore

/// A marketplace transition's events: the domain's own (`Marketplace.apply` decided kinds and
/// audiences), their payloads carrying the shifts as they are right after the writes and, for
/// decisions, who decided; then `team_schedule.changed` to the whole workplace for every shift the
/// transition created or changed (the domain's events reach only the people concerned).
///
/// One query reads every payload fact (the shifts and the decision), so a transition's records
/// stay two statements: this read, and the insert the history rides in (`MarketplaceStatementCountTests`).
extension ShiftAnnouncer {
    /// `announcingTeamSchedule: false` leaves `team_schedule.changed` to the caller (a publication
    /// names all its shifts in one).
    static func addTransition(
        _ transition: Transition, workplaceID: Int64, announcingTeamSchedule: Bool = true, to batch: inout EventBatch,
        on connection: PostgresConnection
    ) throws {
        let announced = announcingTeamSchedule ? transition.changedShiftIDs.map(\.rawValue).sorted() : []
        let events = transition.events
        guard !events.isEmpty || !announced.isEmpty else { return }
        let actorID = transition.history.lazy.compactMap(\.actor).first?.rawValue
        let dealID = transition.deal?.id
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
                LEFT JOIN (\(sql: ShiftStore.select) WHERE s.id = ANY(\(shiftIDs)) AND s.workplace_id = \(workplaceID)) v ON true
                LEFT JOIN (SELECT d.decided_by, u.display_name, d.decision_note FROM deals d JOIN users u ON u.id = d.decided_by
                           WHERE d.id = \(decidedDeal?.rawValue) AND d.workplace_id = \(workplaceID)) dd ON true
                """)
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
        for event in events {
            let audience: EventAudience
            let users: [Int64]
            switch event.audience {
            case .workplace: (audience, users) = (.workplace, [])
            case .managers: (audience, users) = (.managers, [])
            case .users(let ids): (audience, users) = (.users, ids.map(\.rawValue))
            }
            var payload = MarketplaceEventPayload(event, shifts: event.shiftIDs.compactMap { shifts[$0.rawValue] }, actorID: actorID)
            if MarketplaceEventPayload.carriesDecision(event.kind), let eventDeal = event.dealID {
                if let known = decisions[eventDeal] {
                    payload.decision = known
                } else {
                    // Not the transition's own deal (not expected): read it on its own.
                    let decision = try ShiftyAPI.DealDecision.recorded(dealID: eventDeal.rawValue, workplaceID: workplaceID, on: connection)
                    decisions[eventDeal] = decision
                    payload.decision = decision
                }
            }
            try batch.append(workplaceID: workplaceID, type: .marketplace(event.kind), audience: audience, userIDs: users, payload: payload)
        }
        if !announced.isEmpty {
            let known = announced.compactMap { shifts[$0] }
            try batch.append(
                workplaceID: workplaceID, type: .server(.teamScheduleChanged),
                payload: TeamScheduleAnnouncement.Payload(
                    shiftIds: announced, dates: Set(known.map(\.date)).sorted(),
                    ownerIds: Set(transition.shiftChanges.map(\.from.owner.rawValue) + known.map(\.ownerId)).sorted()))
        }
    }
}
