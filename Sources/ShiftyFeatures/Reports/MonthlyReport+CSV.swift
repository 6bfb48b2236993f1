import Foundation

extension MonthlyReport {
    /// The report as CSV for spreadsheets: one row per member, RFC 4180 quoting, hours with two
    /// decimals next to exact minutes.
    ///
    /// Text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`)
    /// are prefixed with `'`, so a member named "=HYPERLINK(…)" stays text.
    public var csv: String {
        // i18n-exempt: column names are for payroll software and scripts, the same in every language.
        var lines = [[
            "name", "username", "pay_type", "extra_wage_type", "worked_minutes", "worked_hours", "overtime_minutes",
            "monthly_overtime_hours", "absences", "diligence_absences", "present_days", "absent_days", "odd_punch_days",
            "days_off", "upcoming_days", "scheduled_minutes", "worked_in_schedule_minutes", "late_arrivals", "early_leaves",
            "no_shows", "punches", "complete", "break_minutes", "paid_minutes", "approved_days",
        ].joined(separator: ",")]
        for employee in employees {
            let cells: [String] = [
                Self.textCell(employee.name), Self.textCell(employee.username), employee.payType, employee.extraWageType,
                String(employee.workedMinutes), Self.hours(employee.workedMinutes), String(employee.overtimeMinutes),
                String(format: "%.2f", employee.monthlyOvertime), String(employee.absences), String(employee.diligenceAbsences),
                String(employee.daysByStatus.present), String(employee.daysByStatus.absent), String(employee.daysByStatus.oddPunches),
                String(employee.daysByStatus.dayOff), String(employee.daysByStatus.upcoming),
                String(employee.schedule.scheduledMinutes), String(employee.schedule.workedInScheduleMinutes),
                String(employee.schedule.lateArrivals), String(employee.schedule.earlyLeaves), String(employee.schedule.noShows),
                String(employee.punches), employee.complete ? "yes" : "no",
                String(employee.breakMinutes), String(employee.paidMinutes), String(employee.approvedDates.count),
            ]
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func hours(_ minutes: Int) -> String {
        String(format: "%.2f", Double(minutes) / 60)
    }

    static func textCell(_ text: String) -> String {
        var value = text
        if let first = value.first, "=+-@\t\r".contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
