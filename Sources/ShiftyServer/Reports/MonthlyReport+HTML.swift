import Foundation

extension MonthlyReport {
    /// A print-friendly page of the report. It has no scripts and no inline styles (the server's
    /// Content-Security-Policy forbids both): it links the stylesheet at `stylesheetPath`.
    public func html(stylesheetPath: String) -> String {
        let escape = Self.escapeHTML
        var rows = ""
        for employee in employees {
            rows += """
                <tr\(employee.complete ? "" : " class=\"incomplete\"")><td>\(escape(employee.name))</td><td>\(escape(employee.username))</td>\
                <td>\(escape(employee.extraWageType))</td><td class="n">\(Self.hours(employee.workedMinutes))</td>\
                <td class="n">\(Self.hours(employee.overtimeMinutes))</td><td class="n">\(String(format: "%.2f", employee.monthlyOvertime))</td>\
                <td class="n">\(employee.absences)</td><td class="n">\(employee.diligenceAbsences)</td>\
                <td class="n">\(employee.daysByStatus.present)</td><td class="n">\(employee.daysByStatus.oddPunches)</td>\
                <td class="n">\(Self.hours(employee.schedule.scheduledMinutes))</td>\
                <td class="n">\(employee.schedule.lateArrivals)/\(employee.schedule.earlyLeaves)/\(employee.schedule.noShows)</td></tr>

                """
        }
        let timesheets = employees.compactMap(Self.timesheet).joined()
        let note = judgedThrough.map { "<p class=\"note\">Days after \($0) are not judged yet.</p>" } ?? ""
        let incomplete = totals.incompleteEmployees > 0
            ? "<p class=\"note\">\(totals.incompleteEmployees) member(s) have days with odd punches; their figures are provisional until a manager fixes them.</p>" : ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Timeclock \(escape(month.description)) · \(escape(workplaceName))</title>
            <link rel="stylesheet" href="\(escape(stylesheetPath))">
            </head>
            <body>
            <h1>Timeclock report \(escape(month.description))</h1>
            <p>\(escape(workplaceName)) · time zone \(escape(timeZone)) · hours as decimal hours</p>
            \(note)\(incomplete)
            <p>An absence is a day on which the person had a scheduled shift (or, working the fixed quota, a quota day) \
            inside their employment period and did not punch. Diligence pay judges a person by their absences (capped per month) \
            instead of overtime. Overtime is measured on paid time (worked minus breaks).</p>
            <table>
            <thead><tr><th>Name</th><th>Username</th><th>Pay</th><th>Worked</th><th>Overtime</th><th>Monthly overtime</th>\
            <th>Absences</th><th>Diligence absences</th><th>Present days</th><th>Odd days</th><th>Scheduled</th><th>Late/early/no-show</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            <tfoot><tr><th colspan="3">Total (\(totals.employees))</th><td class="n">\(Self.hours(totals.workedMinutes))</td>\
            <td class="n">\(Self.hours(totals.overtimeMinutes))</td><td></td><td class="n">\(totals.absences)</td>\
            <td class="n">\(totals.diligenceAbsences)</td><td colspan="4"></td></tr></tfoot>
            </table>
            \(timesheets)</body>
            </html>

            """
    }

    /// A member's day-by-day timesheet, present in a single member's report (which carries days).
    static func timesheet(_ employee: EmployeeMonthReport) -> String? {
        guard let days = employee.days else { return nil }
        var rows = ""
        for day in days {
            let status = day.status.rawValue.replacingOccurrences(of: "_", with: " ")
            let overtime = day.overtimeMinutes.map(Self.hours) ?? "–"
            let quota = day.quotaMinutes.map(Self.hours) ?? "–"
            rows += "<tr class=\"\(day.status.rawValue)\"><td>\(day.date) \(day.date.weekday.name.prefix(3))</td><td>\(status)\(day.isClosed ? " (closed)" : "")</td>"
                + "<td class=\"n\">\(Self.hours(day.workedMinutes))</td><td class=\"n\">\(quota)</td><td class=\"n\">\(overtime)</td></tr>\n"
        }
        return """
            <h2>Timesheet: \(escapeHTML(employee.name))</h2>
            <table class="timesheet">
            <thead><tr><th>Date</th><th>Status</th><th>Worked</th><th>Quota</th><th>Overtime</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>

            """
    }

    static func escapeHTML(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The stylesheet the HTML page links (served by the report routes).
    public static let printStylesheet = """
        body { font: 11pt/1.4 system-ui, sans-serif; margin: 2em; color: #111; }
        h1 { font-size: 16pt; margin: 0 0 .3em; }
        table { border-collapse: collapse; width: 100%; }
        th, td { border-bottom: 1px solid #ccc; padding: .25em .5em; text-align: left; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; }
        tr.incomplete td { background: #fff4d6; }
        tfoot th, tfoot td { border-top: 2px solid #111; font-weight: bold; }
        .note { color: #664; }
        h2 { font-size: 13pt; margin: 1.5em 0 .3em; break-before: page; }
        table.timesheet tr.odd_punches td { background: #fde2e2; }
        table.timesheet tr.day_off td, table.timesheet tr.upcoming td { color: #777; }
        @media print { body { margin: 0; } thead { display: table-header-group; } tr { break-inside: avoid; } }

        """
}
