/// `shifty hours`: my days and the week's and month's totals.
extension ListTables {
    /// One row per day of the month: what the timeclock says, worked against scheduled.
    public static func hours(_ hours: MyHours) -> DataTable {
        DataTable(
            header: self.columns("date", "status", "scheduled", "worked", "break", "paid", "overtime", "needsALook"),
            rows: hours.days.map { entry in
                let day = entry.day
                return [
                    ShiftListFormatter.date(day.date), TerminalLanguage.word("dayStatus", day.status),
                    self.minutes(day.scheduledMinutes, blankWhenZero: true), self.minutes(day.workedMinutes, blankWhenZero: true),
                    self.minutes(day.breakMinutes, blankWhenZero: true), self.minutes(day.paidMinutes, blankWhenZero: true),
                    day.status == .upcoming ? "" : day.overtimeMinutes.map { self.minutes($0) } ?? "",
                    entry.attention.map(\.rawValue.replacingUnderscores).joined(separator: ", "),
                ]
            })
    }

    /// The totals above the days: this week (when `week` is given: the days of today's ISO week,
    /// which may reach into the previous month) and the month.
    public static func hoursSummary(_ hours: MyHours, week: (monday: String, days: [MyHours.Entry])?) -> DataTable {
        var rows: [[String]] = []
        if let week {
            let days = week.days.map(\.day)
            let sunday = LocalDateText.adding(6, to: week.monday) ?? week.monday
            rows.append([
                TerminalLanguage.text("terminal.hours.thisWeek", ["first": ShiftListFormatter.date(week.monday), "last": ShiftListFormatter.date(sunday)]),
                self.minutes(days.map(\.scheduledMinutes).reduce(0, +)), self.minutes(days.map(\.workedMinutes).reduce(0, +)),
                self.minutes(days.map(\.breakMinutes).reduce(0, +)), self.minutes(days.map(\.paidMinutes).reduce(0, +)),
                self.minutes(hours.weekOvertimeMinutes), "",
            ])
        }
        rows.append([
            self.monthName(hours.month), self.minutes(hours.scheduledMinutes), self.minutes(hours.workedMinutes), self.minutes(hours.breakMinutes),
            self.minutes(hours.paidMinutes), self.minutes(hours.monthOvertimeMinutes), "\(hours.absences)",
        ])
        return DataTable(header: self.columns("period", "scheduled", "worked", "break", "paid", "overtime", "absences"), rows: rows)
    }

    /// "November 2026" / "november 2026" for `2026-11`; other text unchanged.
    static func monthName(_ month: String) -> String {
        let parts = month.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2, (1...12).contains(parts[1]) else { return month }
        return TerminalLanguage.formatter().date(year: parts[0], month: parts[1], day: 1, .monthYear)
    }

    /// "7h30", "0h45", "-1h05" ("7u30" in Dutch): the compact form narrow columns need (`LocalFormatter`'s
    /// "7 h 30 min" is for sentences); empty for zero when `blankWhenZero`.
    public static func minutes(_ minutes: Int, blankWhenZero: Bool = false) -> String {
        if minutes == 0, blankWhenZero { return "" }
        let sign = minutes < 0 ? "-" : ""
        let value = abs(minutes)
        let rest = value % 60
        return sign + TerminalLanguage.text("terminal.duration.compact", ["hours": "\(value / 60)", "minutes": (rest < 10 ? "0" : "") + "\(rest)"])
    }
}
