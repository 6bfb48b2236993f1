import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres

/// Writes what `ClosedDayDecider` decided, on the caller's transaction: the closed days, the shifts
/// a closing removes (their owners hear which ones went, in `shift.closed_day`), a reopened day
/// filled in again from the fixed shifts, and `closed_days.changed` for every date.
enum ClosedDayWriter {
    /// `shifts` holds the views of the shifts the transition names (the removed ones go into the event).
    static func write(
        _ transition: ClosedDayTransition, shifts: [ShiftID: ShiftyAPI.MarketShift], workplaceID: Int64, actorID: Int64, now: Date,
        on connection: PostgresConnection
    ) throws {
        var news: [ShiftNews] = []
        switch transition {
        case .close(let closings):
            for closing in closings {
                try ClosedDayStore.upsert(closing.day, workplaceID: workplaceID, on: connection)
                try ScheduleGenerator.remove(closing.removed, workplaceID: workplaceID, connection: connection)
                news.append(.removedByClosedDay(closing.day, removed: closing.removed.compactMap { shifts[$0] }, actorID: actorID))
                // Removing shifts changes the published week: the manager's closing publishes it.
                if !closing.removed.isEmpty, let publication = PublishedWeeks.publication(
                    of: [closing.day.date], by: UserID(rawValue: actorID), at: now, changes: closing.removed.count) {
                    try ScheduleWeeksStore.record(publication, workplaceID: workplaceID, on: connection)
                }
            }
        case .reopen(let date):
            try ClosedDayStore.delete(date, workplaceID: workplaceID, on: connection)
            // The day is open again: fill it in from the fixed shifts (generation announces what it made).
            try ScheduleGenerator.generate(asOf: now, workplaceID: workplaceID, on: connection)
        }
        news.append(.closedDaysChanged(transition.dates))
        try ShiftAnnouncer.announce(news, workplaceID: workplaceID, on: connection)
    }
}
