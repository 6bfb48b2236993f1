/// One plain line per event, for `shifty watch` when stdout is not a terminal (logs, pipes, `grep`).
///
/// `#1235 2026-11-21T18:40:02.114Z shift.supplied shift 88 Tue 2026-11-24 09:00-17:00 Bar, Anna, supplied`
public enum EventLineFormatter {
    public static func line(for event: LiveEvent) -> String {
        var line = "#\(event.id) \(event.at.isEmpty ? "-" : event.at) \(event.type)"
        let summary = self.summary(of: event.data)
        if !summary.isEmpty { line += " " + summary }
        return self.singleLine(line)
    }

    static func summary(of data: LiveEventData) -> String {
        var parts: [String] = []
        if let deal = data.dealId { parts.append(TerminalLanguage.text("terminal.event.deal", ["deal": "\(deal)"])) }
        if let request = data.requestId { parts.append(TerminalLanguage.text("terminal.event.request", ["request": "\(request)"])) }
        if !data.shifts.isEmpty {
            parts.append(data.shifts.map(self.describe).joined(separator: "; "))
        } else if !data.shiftIds.isEmpty {
            let key = data.shiftIds.count == 1 ? "terminal.event.shiftId" : "terminal.event.shiftIds"
            parts.append(TerminalLanguage.text(key, ["shifts": data.shiftIds.map(String.init).joined(separator: ",")]))
        }
        if let decision = data.decision { parts.append(self.describe(decision)) }
        if let timeOff = data.timeOff {
            // "Sara El Amrani, Mon 30 Nov – Sun 6 Dec: "Enjoy the sun!"" (the manager's note when there is one).
            var text = "\(timeOff.userName), \(timeOff.period)"
            if let note = timeOff.managerNote, !note.isEmpty { text += ": \"\(note)\"" }
            parts.append(text)
        }
        return parts.joined(separator: " ")
    }

    /// `by Maria: "Bram is not trained for the bar yet"`: who decided a deal, and their note.
    static func describe(_ decision: DealDecision) -> String {
        guard let note = decision.note, !note.isEmpty else { return TerminalLanguage.text("terminal.event.by", ["name": decision.byName]) }
        return TerminalLanguage.text("terminal.event.byWithNote", ["name": decision.byName, "note": note])
    }

    static func describe(_ shift: MarketShift) -> String {
        var date = shift.date
        if let weekday = ShiftListFormatter.weekday(of: shift.date) { date = "\(weekday) \(date)" }
        var fields = [TerminalLanguage.text("terminal.event.shift", ["shift": "\(shift.id)", "date": date, "time": "\(shift.startTime)-\(shift.endTime)"])]
        if let position = shift.position, !position.isEmpty { fields[0] += " \(position)" }
        fields.append(shift.ownerName)
        fields.append(shift.status.rawValue)
        return fields.joined(separator: ", ")
    }

    /// Names and positions are user input: a newline or escape in them must not break the
    /// one-line-per-event contract or reach the terminal as a control sequence.
    static func singleLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar
        }))
    }
}
