import Foundation

extension MonthlyReport {
    /// The payroll export: one line per member per day of the month, minutes throughout.
    ///
    /// `overtime_minutes` is the day's figure (empty while the day is not counted: odd punches,
    /// upcoming, not employed); the week and month floors are applied in the monthly report, not
    /// here. `approved` says whether the day lies in a locked (approved) timesheet. The last two
    /// columns are the day's schedule-change premiums (minutes of pay at the member's rate, and
    /// fixed amounts in cents), after every earlier column so positional readers keep working.
    /// The report must have been built with its days (`includeDays`).
    public var payrollCSV: String {
        // i18n-exempt: column names are for payroll software, the same in every language.
        var lines = [[
            "date", "name", "username", "pay_type", "scheduled_minutes", "worked_minutes", "break_minutes", "paid_minutes",
            "overtime_minutes", "status", "approved", "schedule_premium_minutes", "schedule_premium_cents",
        ].joined(separator: ",")]
        for employee in employees {
            let approved = Set(employee.approvedDates)
            let premiums = Dictionary(employee.schedulePremiums.map { ($0.date, $0) }) { first, _ in first }
            for day in employee.days ?? [] {
                let cells: [String] = [
                    day.date.description, Self.textCell(employee.name), Self.textCell(employee.username), employee.payType,
                    String(day.scheduledMinutes), String(day.workedMinutes), String(day.breakMinutes), String(day.paidMinutes),
                    day.overtimeMinutes.map(String.init) ?? "", day.status.rawValue, approved.contains(day.date) ? "yes" : "no",
                    String(premiums[day.date]?.minutes ?? 0), String(premiums[day.date]?.cents ?? 0),
                ]
                lines.append(cells.joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
