/// `shifty hours`: my days and the week's and month's totals.
extension ListTables {
    /// One row per day of the month: what the timeclock says, worked against scheduled.
    public static func hours(_ hours: MyHours) -> DataTable {
        DataTable(
            header: ["DATE", "STATUS", "SCHEDULED", "WORKED", "BREAK", "PAID", "OVERTIME", "NEEDS A LOOK"],
            rows: hours.days.map { entry in
                let day = entry.day
                return [
                    ShiftListFormatter.date(day.date), day.status.replacingUnderscores,
                    self.minutes(day.scheduledMinutes, blankWhenZero: true), self.minutes(day.workedMinutes, blankWhenZero: true),
                    self.minutes(day.breakMinutes, blankWhenZero: true), self.minutes(day.paidMinutes, blankWhenZero: true),
                    day.status == "upcoming" ? "" : day.overtimeMinutes.map { self.minutes($0) } ?? "",
                    entry.attention.map(\.replacingUnderscores).joined(separator: ", "),
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
                "This week (\(ShiftListFormatter.date(week.monday)) – \(ShiftListFormatter.date(sunday)))",
                self.minutes(days.map(\.scheduledMinutes).reduce(0, +)), self.minutes(days.map(\.workedMinutes).reduce(0, +)),
                self.minutes(days.map(\.breakMinutes).reduce(0, +)), self.minutes(days.map(\.paidMinutes).reduce(0, +)),
                self.minutes(hours.weekOvertimeMinutes), "",
            ])
        }
        rows.append([
            "Month \(hours.month)", self.minutes(hours.scheduledMinutes), self.minutes(hours.workedMinutes), self.minutes(hours.breakMinutes),
            self.minutes(hours.paidMinutes), self.minutes(hours.monthOvertimeMinutes), "\(hours.absences)",
        ])
        return DataTable(header: ["PERIOD", "SCHEDULED", "WORKED", "BREAK", "PAID", "OVERTIME", "ABSENCES"], rows: rows)
    }

    /// "7h30", "0h45", "-1h05"; empty for zero when `blankWhenZero`.
    public static func minutes(_ minutes: Int, blankWhenZero: Bool = false) -> String {
        if minutes == 0, blankWhenZero { return "" }
        let sign = minutes < 0 ? "-" : ""
        let value = abs(minutes)
        let rest = value % 60
        return "\(sign)\(value / 60)h\(rest < 10 ? "0" : "")\(rest)"
    }
}
