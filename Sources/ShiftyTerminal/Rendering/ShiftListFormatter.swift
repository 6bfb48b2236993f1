import ShiftyLocalization

/// Plain-text lists for `shifty market` and `shifty shifts` (no escapes: they are often piped).
public enum ShiftListFormatter {
    /// The marketplace: one line per offered shift with its id (what `shifty take` needs).
    ///
    /// `canTake` holds, per shift id, the answer of the server's pick-up preview ("yes" or the
    /// sentence saying why not); with it the list gets a last column, so nobody tries a shift the
    /// server will refuse.
    public static func market(_ shifts: [MarketShift], canTake: [Int64: String] = [:]) -> [String] {
        guard !shifts.isEmpty else { return [TerminalLanguage.text("terminal.market.empty")] }
        let rows = shifts.map { shift in
            [
                "\(shift.id)", self.date(shift.date), "\(shift.startTime)–\(shift.endTime)", shift.position ?? "—",
                shift.ownerName, ListTables.marketState(shift),
            ] + (canTake.isEmpty ? [] : [canTake[shift.id] ?? "?"])
        }
        let header = ListTables.market([], canTake: canTake).header
        return self.table(header: header, rows: rows) + ["", TerminalLanguage.text("terminal.market.hint")]
    }

    /// My schedule, grouped by week as the server groups it.
    public static func schedule(_ weeks: [ScheduleWeek]) -> [String] {
        let withShifts = weeks.filter { !$0.shifts.isEmpty }
        guard !withShifts.isEmpty else { return [TerminalLanguage.text("terminal.schedule.empty")] }
        var lines: [String] = []
        for week in withShifts {
            if !lines.isEmpty { lines.append("") }
            lines.append(TerminalLanguage.catalogue().text("format.week", ["week": "\(week.week)"]) + " (\(week.weekBasedYear))")
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
            let arguments = ["deal": "\(deal.id)", "state": TerminalLanguage.word("dealState", deal.state)]
            switch deal.state {
            case .pendingApproval, .approved, .rejected, .proposed:
                text += " " + TerminalLanguage.text("terminal.deal.\(deal.state.rawValue)", arguments)
            case .cancelled, .expired, .declined, .unknown: text += " " + TerminalLanguage.text("terminal.deal.other", arguments)
            }
            if let name = deal.decidedByName, deal.state != .pendingApproval, deal.state != .proposed {
                text += " " + (deal.decisionNote.map { TerminalLanguage.text("terminal.deal.decidedByWithNote", ["name": name, "note": $0]) }
                    ?? TerminalLanguage.text("terminal.deal.decidedBy", ["name": name]))
            }
        }
        for shift in result.shifts {
            let when = "\(self.date(shift.date)) \(shift.startTime)–\(shift.endTime)" + (shift.position.map { " \($0)" } ?? "")
            text += "\n  " + TerminalLanguage.text("terminal.deal.shiftLine", [
                "shift": "\(shift.id)", "when": when, "name": shift.ownerName, "status": self.status(shift),
            ])
        }
        return text
    }

    public static func status(_ shift: MarketShift, language: LanguageCode? = nil) -> String {
        TerminalLanguage.word("shiftStatus", shift.status, language: language)
    }

    /// "Tue 24 Nov" / "di 24 nov": a shift's calendar date (`YYYY-MM-DD`, already the workplace's
    /// day) with its weekday, in the terminal's language; text that is not a date stays as it is.
    public static func date(_ date: String, language: LanguageCode? = nil) -> String {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, LocalDateText.weekday(of: date) != nil else { return date }
        return TerminalLanguage.formatter(language).date(year: parts[0], month: parts[1], day: parts[2])
    }

    /// "Tue" / "di": the abbreviated weekday of a `YYYY-MM-DD` date in the terminal's language.
    public static func weekday(of date: String, language: LanguageCode? = nil) -> String? {
        guard let english = LocalDateText.weekday(of: date), let index = LocalDateText.weekdays.firstIndex(of: english) else { return nil }
        return TerminalLanguage.formatter(language).weekday(index + 1, abbreviated: true)
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
