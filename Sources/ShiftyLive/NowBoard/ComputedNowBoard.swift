import Foundation
import ShiftyAPI
import ShiftyDomain

/// The "now" board of a workplace's day (seed 003's progress through the schedule): who is on
/// shift, who comes next, and how much of the day's schedule has passed.
///
/// A pure value computed from shifts, an instant and a time zone, so every case (before the first
/// shift, overlapping shifts, gaps, after the last, closed days, DST days) is tested without a
/// database. `GET /api/v1/now` and the live `now` message send the same document: this board as
/// ShiftyAPI's `NowBoard` (`NowBoard+Document.swift`), the type the terminal decodes.
package struct ComputedNowBoard: Sendable, Equatable {
    /// The workplace-local day the board describes (the day `at` falls on).
    var date: LocalDate
    var timeZone: String
    /// The instant the board was computed for.
    var at: Date
    /// The name of the closed day, when today is one.
    var closedDay: String?
    /// Shifts in progress at `at`, including night shifts that began yesterday.
    var onShift: [Entry]
    /// Who starts next: the rest of today's shifts, or the first shifts of the next day within a week.
    var next: Upcoming?
    /// First start and last end of today's shifts (`nil` without shifts today).
    var dayStart: Date?
    var dayEnd: Date?
    /// How much of `[dayStart, dayEnd]` has passed, 0 to 100 (`nil` without shifts today).
    var dayProgressPercent: Double?
    /// What changes when the board changes for people, without the percentages that move every second.
    var fingerprint: Fingerprint

    /// How far ahead `next` looks when no shift is left today.
    static let lookAheadDays = 7

    /// A member, as the board names them.
    struct Person: Sendable, Hashable {
        var id: Int64
        var name: String
    }

    /// One shift on the board, with local times for display and instants for clients that compute.
    struct Entry: Sendable, Equatable {
        var shiftId: Int64
        var user: Person
        var position: String?
        var date: LocalDate
        var startTime: LocalTime
        var endTime: LocalTime
        var startsAt: Date
        var endsAt: Date
        /// For shifts in progress: how much of the shift has passed, 0 to 100.
        var percentDone: Double?
    }

    /// Whether `next` is later today or on a later day: the API's own word, not a second list of it.
    typealias When = ShiftyAPI.NowBoard.When

    /// The shifts that start next.
    struct Upcoming: Sendable, Equatable {
        var when: When
        var date: LocalDate
        var shifts: [Entry]
    }

    /// The board's identity for change detection (see `NowBoardPublisher`).
    struct Fingerprint: Sendable, Hashable {
        var date: LocalDate
        var timeZone: String
        var closedDay: String?
        /// Whole shifts, not ids: a trade of a night shift that began yesterday changes who is on
        /// shift without changing today's schedule.
        var onShift: [NowBoardShift]
        var next: When?
        var nextShifts: [NowBoardShift]
        /// Today's schedule: a trade, a new or moved shift changes the board even before it starts.
        var schedule: [NowBoardShift]
    }
}

extension ComputedNowBoard {
    /// The board at `now` from the workplace's shifts around it (cancelled ones left out by the caller).
    ///
    /// `shifts` should hold every shift that may be in progress (started up to a day before `now`),
    /// today's, and those of the next `lookAheadDays` days; others are ignored.
    init(shifts: [NowBoardShift], now: Date, zone: WorkplaceTimeZone, closedDay: String? = nil) {
        let today = zone.localDate(of: now)
        let ordered = shifts.sorted { ($0.startsAt, $0.id) < ($1.startsAt, $1.id) }
        let todays = ordered.filter { $0.date == today }
        func entry(_ shift: NowBoardShift, progress: Bool = false) -> Entry {
            Entry(
                shiftId: shift.id, user: Person(id: shift.ownerID, name: shift.ownerName), position: shift.position,
                date: shift.date, startTime: zone.localDateTime(of: shift.startsAt).time,
                endTime: zone.localDateTime(of: shift.endsAt).time, startsAt: shift.startsAt, endsAt: shift.endsAt,
                percentDone: progress ? Self.percent(of: now, from: shift.startsAt, to: shift.endsAt) : nil)
        }

        let inProgress = ordered.filter { $0.startsAt <= now && now < $0.endsAt }
        let laterToday = todays.filter { $0.startsAt > now }
        var upcoming: Upcoming?
        var upcomingShifts: [NowBoardShift] = []
        if !laterToday.isEmpty {
            upcomingShifts = laterToday
            upcoming = Upcoming(when: .today, date: today, shifts: laterToday.map { entry($0) })
        } else {
            let horizon = today.adding(days: Self.lookAheadDays)
            let later = ordered.filter { $0.date > today && $0.date <= horizon && $0.startsAt > now }
            if let first = later.first {
                upcomingShifts = later.filter { $0.date == first.date && $0.startsAt == first.startsAt }
                upcoming = Upcoming(when: .laterDay, date: first.date, shifts: upcomingShifts.map { entry($0) })
            }
        }

        let dayStart = todays.map(\.startsAt).min()
        let dayEnd = todays.map(\.endsAt).max()
        self.init(
            date: today, timeZone: zone.identifier, at: now, closedDay: closedDay,
            onShift: inProgress.map { entry($0, progress: true) }, next: upcoming,
            dayStart: dayStart, dayEnd: dayEnd,
            dayProgressPercent: dayStart.flatMap { start in dayEnd.map { Self.percent(of: now, from: start, to: $0) } },
            fingerprint: Fingerprint(
                date: today, timeZone: zone.identifier, closedDay: closedDay, onShift: inProgress,
                next: upcoming?.when, nextShifts: upcomingShifts, schedule: todays))
    }

    /// The share of `[start, end]` that has passed at `now`, clamped to 0…100 and rounded to 0.1.
    static func percent(of now: Date, from start: Date, to end: Date) -> Double {
        let length = end.timeIntervalSince(start)
        guard length > 0 else { return now >= end ? 100 : 0 }
        let share = min(max(now.timeIntervalSince(start) / length, 0), 1)
        return (share * 1000).rounded() / 10
    }
}
