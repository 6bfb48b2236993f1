import Foundation
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// The history rows of one transition and its events (``ShiftAnnouncer``), written in one
/// statement (a data-modifying CTE), after the shifts' new state was read once for every event's payload.
///
/// Before, each history entry and each event was its own INSERT, and each event also read its
/// shifts, its decision and re-took the workplace's event lock: 16 statements for a pick-up plus its
/// approval. Now it is two per transition (read the payload facts, insert everything), and the
/// `events` trigger NOTIFYs once for the transition instead of once per event.
extension TransitionWriter {
    static func records(
        _ transition: Transition, action: MarketplaceAction, workplaceID: Int64, partOfPublication: Bool = false,
        on connection: PostgresConnection
    ) throws {
        var history: PostgresQuery?
        if !transition.history.isEmpty {
            let rows = try historyJSON(transition.history, action: action)
            history = """
                INSERT INTO shift_history (workplace_id, subject_type, subject_id, actor_id, at, action, from_state, to_state, note)
                SELECT \(workplaceID), h.subject_type, h.subject_id, h.actor_id, h.at, h.action, h.from_state, h.to_state, h.note
                FROM jsonb_to_recordset(\(bind: rows)::jsonb) AS h(ord int, subject_type text, subject_id bigint, actor_id bigint,
                     at timestamptz, action text, from_state text, to_state text, note text)
                ORDER BY h.ord
                """
        }
        try ShiftAnnouncer.announce(
            [partOfPublication ? .publishedTransition(transition) : .transition(transition)], workplaceID: workplaceID, alongside: history,
            on: connection)
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
}
