/// `shifty team --week`: the team's week as a grid, people as rows and days as columns, the same
/// picture as the page's Team week (web/views/week.js).
extension ListTables {
    /// One row per person with a shift this week (by name), one column per day from `monday`. A cell
    /// lists the person's shifts that day as "#ID 10:00–14:00 bar", with the state when it is not
    /// simply scheduled (offered, open, in deal, suggested), so `shifty swap` and `take` have the id.
    public static func teamWeek(_ shifts: [MarketShift], monday: String) -> DataTable {
        let days = LocalDateText.week(startingOn: monday)
        var people: [String: [MarketShift]] = [:]
        for shift in shifts where shift.status != .cancelled {
            people[shift.ownerName, default: []].append(shift)
        }
        let names = people.keys.sorted { $0.localizedLowercase < $1.localizedLowercase }
        return DataTable(
            // "Mon 11-23": the year is in the title line; narrow columns matter more.
            header: self.columns("who") + days.map { ShiftListFormatter.date($0) },
            rows: names.map { name in
                let mine = people[name] ?? []
                return [name] + days.map { day in
                    mine.filter { $0.date == day }
                        .sorted { $0.startTime < $1.startTime }
                        .map(self.gridCell)
                        .joined(separator: "; ")
                }
            })
    }

    /// "#41 09:00–17:00 bar (offered)".
    static func gridCell(_ shift: MarketShift) -> String {
        var text = "#\(shift.id) \(self.time(shift))"
        if let position = shift.position, !position.isEmpty { text += " \(position)" }
        if let state = self.gridState(shift) { text += " (\(state))" }
        return text
    }

    /// The page's legend word, `nil` for a plain scheduled shift.
    static func gridState(_ shift: MarketShift) -> String? {
        if shift.unassigned == true { return TerminalLanguage.text("terminal.grid.open") }
        switch shift.status {
        case .supplied, .inDeal, .suggested: return TerminalLanguage.text("terminal.grid.\(shift.status.rawValue)")
        case .scheduled, .cancelled, .unknown: return nil
        }
    }
}
