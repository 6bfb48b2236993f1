import Foundation
import ShiftyLocalization

extension MonthlyReport {
    /// A print-friendly page of the report. It has no scripts and no inline styles (the server's
    /// Content-Security-Policy forbids both): it links the stylesheet at `stylesheetPath`.
    /// Written in `language` (the requester's); numbers stay decimal hours with a point, as the
    /// CSV has them, so the printout and the payroll file read the same.
    public func html(stylesheetPath: String, language: LanguageCode = .english) -> String {
        let escape = Self.escapeHTML
        let catalogue = Catalogue.of(language)
        func text(_ name: String, _ arguments: [String: String] = [:]) -> String {
            escape(catalogue.text("server.report.\(name)", arguments))
        }
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
        let timesheets = employees.compactMap { Self.timesheet($0, language: language) }.joined()
        let note = judgedThrough.map { "<p class=\"note\">\(text("notJudged", ["date": $0.description]))</p>" } ?? ""
        let incomplete = totals.incompleteEmployees > 0
            ? "<p class=\"note\">\(escape(catalogue.plural("server.report.provisional", count: totals.incompleteEmployees)))</p>" : ""
        return """
            <!DOCTYPE html>
            <html lang="\(escape(language.rawValue))">
            <head>
            <meta charset="utf-8">
            <title>\(text("title", ["month": month.description, "workplace": workplaceName]))</title>
            <link rel="stylesheet" href="\(escape(stylesheetPath))">
            </head>
            <body>
            <h1>\(text("heading", ["month": month.description]))</h1>
            <p>\(text("subtitle", ["workplace": workplaceName, "timeZone": timeZone]))</p>
            \(note)\(incomplete)
            <p>\(text("explanation"))</p>
            <table>
            <thead><tr><th>\(text("column.name"))</th><th>\(text("column.username"))</th><th>\(text("column.pay"))</th>\
            <th>\(text("column.worked"))</th><th>\(text("column.overtime"))</th><th>\(text("column.monthlyOvertime"))</th>\
            <th>\(text("column.absences"))</th><th>\(text("column.diligenceAbsences"))</th><th>\(text("column.presentDays"))</th>\
            <th>\(text("column.oddDays"))</th><th>\(text("column.scheduled"))</th><th>\(text("column.lateEarlyNoShow"))</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            <tfoot><tr><th colspan="3">\(text("total", ["count": String(totals.employees)]))</th><td class="n">\(Self.hours(totals.workedMinutes))</td>\
            <td class="n">\(Self.hours(totals.overtimeMinutes))</td><td></td><td class="n">\(totals.absences)</td>\
            <td class="n">\(totals.diligenceAbsences)</td><td colspan="4"></td></tr></tfoot>
            </table>
            \(timesheets)</body>
            </html>

            """
    }

    /// A member's day-by-day timesheet, present in a single member's report (which carries days).
    static func timesheet(_ employee: EmployeeMonthReport, language: LanguageCode = .english) -> String? {
        guard let days = employee.days else { return nil }
        let catalogue = Catalogue.of(language)
        func text(_ name: String, _ arguments: [String: String] = [:]) -> String {
            escapeHTML(catalogue.text("server.report.\(name)", arguments))
        }
        let format = LocalFormatter(language: language, timeZone: .gmt)
        var rows = ""
        for day in days {
            let statusKey = "server.report.status.\(day.status.rawValue)"
            let status = Catalogue.of(.english).has(statusKey)
                ? escapeHTML(catalogue.text(statusKey)) : day.status.rawValue.replacingOccurrences(of: "_", with: " ")
            let weekday = format.weekday(day.date.weekday.isoNumber, abbreviated: true).replacingOccurrences(of: ".", with: "")
            let overtime = day.overtimeMinutes.map(Self.hours) ?? "–"
            let quota = day.quotaMinutes.map(Self.hours) ?? "–"
            rows += "<tr class=\"\(day.status.rawValue)\"><td>\(day.date) \(weekday)</td><td>\(status)\(day.isClosed ? " " + text("closed") : "")</td>"
                + "<td class=\"n\">\(Self.hours(day.workedMinutes))</td><td class=\"n\">\(quota)</td><td class=\"n\">\(overtime)</td></tr>\n"
        }
        return """
            <h2>\(text("timesheet", ["name": employee.name]))</h2>
            <table class="timesheet">
            <thead><tr><th>\(text("column.date"))</th><th>\(text("column.status"))</th><th>\(text("column.worked"))</th>\
            <th>\(text("column.quota"))</th><th>\(text("column.overtime"))</th></tr></thead>
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
