import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres

/// The one home of "a shift changed ⇒ its events": every writer of shifts (the marketplace's
/// `TransitionWriter`, schedule generation, closed days, fixed shifts and their requests, the
/// workplace's time zone) says what changed (``ShiftNews``) and this writes the events that change
/// implies — kinds, audiences, topics (by kind), payloads — in the caller's transaction, in one
/// statement per call (``EventBatch``), in the order the news is given.
///
/// Keeping the rule in one place is what keeps the team week honest: every member's grid shows
/// everybody's shifts, so each change of a shift must also reach the whole workplace
/// (`team_schedule.changed`, or the closed day's or time zone's own workplace-wide event), next to
/// the personal events that reach only the people concerned. `ShiftAnnouncementTests` walks every
/// writer and fails on a changed shift that no workplace-wide event names.
enum ShiftAnnouncer {
    /// Writes the events of `news` for one workplace in one statement; `alongside` is another
    /// statement of the same change that rides in the same round trip (a transition's history).
    static func announce(
        _ news: [ShiftNews], workplaceID: Int64, alongside statement: PostgresQuery? = nil, on connection: PostgresConnection
    ) throws {
        var batch = EventBatch()
        for item in news {
            try add(item, workplaceID: workplaceID, to: &batch, on: connection)
        }
        try batch.write(on: connection, alongside: statement)
    }

    /// A generation's runs across workplaces, in one statement (by workplace id).
    static func announce(generated runs: [Int64: GenerationRun], on connection: PostgresConnection) throws {
        var batch = EventBatch()
        for (workplace, run) in runs.sorted(by: { $0.key < $1.key }) {
            try add(.generated(run), workplaceID: workplace, to: &batch, on: connection)
        }
        try batch.write(on: connection)
    }

    private static func add(_ news: ShiftNews, workplaceID: Int64, to batch: inout EventBatch, on connection: PostgresConnection) throws {
        switch news {
        case .transition(let transition):
            try addTransition(transition, workplaceID: workplaceID, to: &batch, on: connection)
        case .publishedTransition(let transition):
            try addTransition(transition, workplaceID: workplaceID, announcingTeamSchedule: false, to: &batch, on: connection)
        case .teamScheduleChanged(let payload):
            try batch.append(workplaceID: workplaceID, type: .server(.teamScheduleChanged), payload: payload)
        case .generated(let run):
            guard run.count > 0 else { return }
            struct Generated: Encodable { var shifts: Int }
            let owners = run.owners.sorted()
            try batch.append(workplaceID: workplaceID, type: .server(.scheduleGenerated), userIDs: owners, payload: Generated(shifts: run.count))
            try batch.append(
                workplaceID: workplaceID, type: .server(.teamScheduleChanged),
                payload: TeamScheduleAnnouncement.Payload(shiftIds: run.listedIDs, dates: run.dates.sorted(), ownerIds: owners))
        case .weeksSkipped(let weeks, let managers):
            guard !weeks.isEmpty, !managers.isEmpty else { return }
            try batch.append(
                workplaceID: workplaceID, type: .server(.fixedShiftWeekSkipped), userIDs: managers,
                payload: FixedShiftSkips.Payload(skipped: weeks))
        case .removedByClosedDay(let day, let removed, let actorID):
            guard !removed.isEmpty else { return }
            try batch.append(
                workplaceID: workplaceID, type: .server(.shiftsRemovedByClosedDay), userIDs: Array(Set(removed.map(\.ownerId))),
                payload: ClosedDayRemovalPayload(date: day.date.description, name: day.name, removedShifts: removed, actorId: actorID))
        case .closedDaysChanged(let dates):
            struct Payload: Encodable { var dates: [String] }
            try batch.append(workplaceID: workplaceID, type: .server(.closedDaysChanged), payload: Payload(dates: dates.map(\.description)))
        case .fixedShiftChanged(let id, let owner):
            // Its future occurrences were regenerated or removed, on dates the events do not list.
            struct Payload: Encodable { var fixedShiftId: Int64 }
            try batch.append(workplaceID: workplaceID, type: .server(.scheduleChanged), userIDs: [owner], payload: Payload(fixedShiftId: id))
            try batch.append(
                workplaceID: workplaceID, type: .server(.teamScheduleChanged),
                payload: TeamScheduleAnnouncement.Payload(shiftIds: [], dates: [], ownerIds: [owner], fixedShiftId: id))
        case .fixedShiftRulesOverridden(let override):
            try batch.append(workplaceID: workplaceID, type: .marketplace(.ruleOverridden), payload: override)
        case .planChanged(let payload):
            try batch.append(workplaceID: workplaceID, type: .server(.schedulePlanChanged), audience: .managers, payload: payload)
        case .published(let people):
            for (member, payload) in people.sorted(by: { $0.key < $1.key }) {
                try batch.append(workplaceID: workplaceID, type: .server(.schedulePublished), userIDs: [member], payload: payload)
            }
        case .timeZoneChanged(let change):
            try batch.append(workplaceID: workplaceID, type: .server(.workplaceTimeZoneChanged), payload: change)
        }
    }
}
