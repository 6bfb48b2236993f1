import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty team --week [--week-of DATE]`: who works when this week, as a grid (the page's Team week,
/// from the same `GET /api/v1/team-schedule`), under since when the week is final (`GET
/// /api/v1/schedule-weeks`, the page's "Final since" line).
struct TeamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "team", abstract: "Show the team's week as a grid: people as rows, days as columns.",
        discussion: "Each cell lists shifts as #ID TIME POSITION (state); swap with `shifty swap MINE THEIRS`. --output json prints the server's shifts.")

    @OptionGroup var client: ClientOptions

    @Flag(help: "The week grid (the only view for now; the default).")
    var week = false

    @Option(name: .customLong("week-of"), help: ArgumentHelp("Any date in the week to show (default: this week).", valueName: "YYYY-MM-DD"))
    var weekOf: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let weekOf, weekOf.count != 10 || LocalDateText.dayNumber(of: weekOf) == nil {
            throw ValidationError(TerminalLanguage.text("terminal.cli.weekOf"))
        }
    }

    func run() async throws {
        let api = try client.client()
        // Today and the time zone of the workplace, as the server counts them.
        let board = try await callAPI { () async throws(APIClientError) in try await api.send("GET", "/api/v1/now", as: NowBoard.self) }
        let day = weekOf ?? board.date
        guard let monday = LocalDateText.monday(of: day), let sunday = LocalDateText.adding(6, to: monday) else {
            throw CLIFailure(TerminalLanguage.text("terminal.cli.notADate", ["date": day]), exitCode: ClientExitCode.usage)
        }
        let path = "/api/v1/team-schedule?from=\(monday)&to=\(sunday)"
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", path) }
        let shifts = try decodeAnswer([MarketShift].self, from: data)
        let grid = ListTables.teamWeek(shifts, monday: monday)
        if output.format == .table {
            let weeks = try await callAPI { () async throws(APIClientError) in
                try await api.send("GET", "/api/v1/schedule-weeks?from=\(monday)&to=\(monday)", as: [ScheduleWeekPublication].self)
            }
            let published = weeks.first?.publishedAt.map { instant in
                TerminalLanguage.text("terminal.team.finalSince", [
                    "time": ListTables.instant(ISO8601DateFormatter().string(from: instant), in: TimeZone(identifier: board.timeZone) ?? .gmt),
                ])
            }
            printLines([
                TerminalLanguage.text("terminal.team.title", ["first": ShiftListFormatter.date(monday), "last": ShiftListFormatter.date(sunday)]),
                published ?? TerminalLanguage.text("terminal.team.notPublished"), "",
            ])
        }
        output.print(grid, json: data, empty: TerminalLanguage.text("terminal.team.empty"))
    }
}
