import ShiftyAPI

extension ShiftyAPI.NowBoard {
    /// The board as the API shows it (`GET /api/v1/now`, the live `now` message), from the board
    /// the server computes: local dates and times as text, the fingerprint left behind.
    package init(_ board: ComputedNowBoard) {
        func entry(_ entry: ComputedNowBoard.Entry) -> Entry {
            Entry(
                shiftId: entry.shiftId, user: Person(id: entry.user.id, name: entry.user.name), position: entry.position,
                date: entry.date.description, startTime: entry.startTime.description, endTime: entry.endTime.description,
                startsAt: entry.startsAt, endsAt: entry.endsAt, percentDone: entry.percentDone)
        }
        self.init(
            date: board.date.description, timeZone: board.timeZone, at: board.at, closedDay: board.closedDay,
            onShift: board.onShift.map(entry),
            next: board.next.map { Next(when: $0.when, date: $0.date.description, shifts: $0.shifts.map(entry)) },
            dayStart: board.dayStart, dayEnd: board.dayEnd, dayProgressPercent: board.dayProgressPercent)
    }
}
