import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty hours [--month YYYY-MM]`: my hours this week and this month, from the timeclock
/// (`GET /api/v1/timeclock/my-hours`, the page's "My hours").
struct HoursCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hours", abstract: "Show my hours: this week and this month, worked against scheduled.",
        discussion: "Paid time is worked time minus breaks; overtime is measured on paid time. --output json prints the server's month.")

    @OptionGroup var client: ClientOptions

    @Option(help: ArgumentHelp("Another month instead of the current one.", valueName: "YYYY-MM"))
    var month: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let month, month.count != 7 || LocalDateText.dayNumber(of: month + "-01") == nil {
            throw ValidationError(TerminalLanguage.text("terminal.cli.month"))
        }
    }

    func run() async throws {
        let api = try client.client()
        let path = "/api/v1/timeclock/my-hours" + (month.map { "?month=\($0)" } ?? "")
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", path) }
        let hours = try decodeAnswer(MyHours.self, from: data)
        let days = ListTables.hours(hours)
        guard output.format == .table else {
            output.print(days, json: data)
            return
        }
        // This week: today's ISO week in the workplace's time zone, when it touches the month shown.
        var week: (monday: String, days: [MyHours.Entry])?
        if let today = Self.today(in: hours.timeZone), let monday = LocalDateText.monday(of: today),
           let sunday = LocalDateText.adding(6, to: monday), month == nil || today.hasPrefix(hours.month) {
            var entries = hours.days.filter { monday <= $0.day.date && $0.day.date <= sunday }
            if !monday.hasPrefix(hours.month) {
                // The week began last month: its first days are in that month's answer.
                let earlier = try await callAPI { () async throws(APIClientError) in
                    try await api.send("GET", "/api/v1/timeclock/my-hours?month=\(monday.prefix(7))", as: MyHours.self)
                }
                entries = earlier.days.filter { monday <= $0.day.date && $0.day.date <= sunday } + entries
            }
            week = (monday, entries)
        }
        output.print(ListTables.hoursSummary(hours, week: week), json: data)
        printLines([""])
        output.print(days, json: data)
        printLines(["", TerminalLanguage.text("terminal.hours.footer", ["timeZone": hours.timeZone])])
    }

    /// Today's date in `identifier`'s time zone, `YYYY-MM-DD`.
    static func today(in identifier: String) -> String? {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        return Date().formatted(Date.ISO8601FormatStyle(timeZone: zone).year().month().day())
    }
}
