/// Plain-text lists for `shifty market` and `shifty shifts` (no escapes: they are often piped).
public enum ShiftListFormatter {
    /// The marketplace: one line per offered shift with its id (what `shifty take` needs).
    ///
    /// `canTake` holds, per shift id, the answer of the server's pick-up preview ("yes" or the
    /// sentence saying why not); with it the list gets a last column, so nobody tries a shift the
    /// server will refuse.
    public static func market(_ shifts: [MarketShift], canTake: [Int64: String] = [:]) -> [String] {
        guard !shifts.isEmpty else { return ["Nothing is offered on the marketplace right now."] }
        let rows = shifts.map { shift in
            [
                "\(shift.id)", self.date(shift.date), "\(shift.startTime)–\(shift.endTime)", shift.position ?? "—",
                shift.ownerName, shift.unassigned == true ? "open (unassigned)" : "offered",
            ] + (canTake.isEmpty ? [] : [canTake[shift.id] ?? "?"])
        }
        let header = ["ID", "DATE", "TIME", "POSITION", "OFFERED BY", "STATUS"] + (canTake.isEmpty ? [] : ["CAN YOU TAKE IT"])
        return self.table(header: header, rows: rows) + ["", "Take one with: shifty take ID"]
    }

    /// My schedule, grouped by week as the server groups it.
    public static func schedule(_ weeks: [ScheduleWeek]) -> [String] {
        let withShifts = weeks.filter { !$0.shifts.isEmpty }
        guard !withShifts.isEmpty else { return ["You have no shifts in the coming weeks."] }
        var lines: [String] = []
        for week in withShifts {
            if !lines.isEmpty { lines.append("") }
            lines.append("\(week.label) (\(week.weekBasedYear))")
            let rows = week.shifts.map { shift in
                ["\(shift.id)", self.date(shift.date), "\(shift.startTime)–\(shift.endTime)", shift.position ?? "—", self.status(shift)]
            }
            lines += self.table(header: nil, rows: rows).map { "  " + $0 }
        }
        return lines
    }

    /// What an action's answer means, in one sentence.
    public static func summary(of result: MarketplaceActionResult, action: String) -> String {
        var text = action
        if let deal = result.deal {
            switch deal.state {
            case "pending_approval": text += " Deal \(deal.id) waits for a manager's approval."
            case "approved": text += " Deal \(deal.id) is approved."
            case "rejected": text += " Deal \(deal.id) is rejected."
            case "proposed": text += " Deal \(deal.id) waits for the other person."
            default: text += " Deal \(deal.id) is \(deal.state.replacingUnderscores)."
            }
            if let name = deal.decidedByName, deal.state != "pending_approval", deal.state != "proposed" {
                text += " Decided by \(name)" + (deal.decisionNote.map { ": \"\($0)\"" } ?? ".")
            }
        }
        for shift in result.shifts {
            text += "\n  shift \(shift.id): \(self.date(shift.date)) \(shift.startTime)–\(shift.endTime)"
                + (shift.position.map { " \($0)" } ?? "") + ", \(shift.ownerName), \(self.status(shift))"
        }
        return text
    }

    public static func status(_ shift: MarketShift) -> String {
        switch shift.status {
        case "supplied": "offered on the marketplace"
        case "in_deal": "in a pending deal"
        case "suggested": "suggested to a request"
        default: shift.status.replacingUnderscores
        }
    }

    /// `Tue 2026-11-24`: the date with its weekday.
    public static func date(_ date: String) -> String {
        LocalDateText.weekday(of: date).map { "\($0) \(date)" } ?? date
    }

    /// Left-aligned columns separated by two spaces; user text is kept on one line.
    static func table(header: [String]?, rows: [[String]]) -> [String] {
        let all = (header.map { [$0] } ?? []) + rows.map { $0.map(EventLineFormatter.singleLine) }
        guard let columnCount = all.map(\.count).max() else { return [] }
        let widths = (0..<columnCount).map { column in
            all.map { column < $0.count ? TerminalText.width($0[column]) : 0 }.max() ?? 0
        }
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let isLast = column == row.count - 1
                line += isLast ? cell : TerminalText.fit(cell, to: widths[column]) + "  "
            }
            return line
        }
    }
}

extension String {
    var replacingUnderscores: String { self.split(separator: "_").joined(separator: " ") }
}
