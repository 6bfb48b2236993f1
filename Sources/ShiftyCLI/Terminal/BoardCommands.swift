import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty notifications`: my personal events, newest first.
struct NotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "notifications", abstract: "Show my notifications, newest first.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "How many (1-200, default 50).")
    var limit: Int?

    func validate() throws {
        if let limit, !(1...200).contains(limit) { throw ValidationError(TerminalLanguage.text("terminal.cli.limitRange")) }
    }

    func run() async throws {
        let api = try client.client()
        let path = "/api/v1/notifications" + (limit.map { "?limit=\($0)" } ?? "")
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", path) }
        let events = try decodeAnswer([LiveEvent].self, from: data)
        // Moments in the workplace's time zone, as the page shows them (the JSON keeps the instants).
        var timeZone: TimeZone?
        if output.format != .json, !events.isEmpty {
            struct Me: Decodable { var workplace: AccountWorkplace }
            let me = try? await api.send("GET", "/api/v1/me", as: Me.self)
            timeZone = me?.workplace.timeZone.flatMap(TimeZone.init(identifier:))
        }
        output.print(ListTables.notifications(events, timeZone: timeZone), json: data, empty: TerminalLanguage.text("terminal.notifications.empty"))
    }
}

/// `shifty now`: who works now and who starts next.
struct NowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "now", abstract: "Show who is on shift now and who starts next.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try client.client()
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", "/api/v1/now") }
        let board = try decodeAnswer(NowBoard.self, from: data)
        if output.format == .table {
            var title = TerminalLanguage.text("terminal.now.title", ["date": ShiftListFormatter.date(board.date)])
            if let closed = board.closedDay { title += " " + TerminalLanguage.text("terminal.now.closed", ["reason": closed]) }
            if let progress = board.dayProgressPercent {
                title += TerminalLanguage.text("terminal.now.dayDone", ["percent": "\(Int(progress.rounded()))"])
            }
            printLines([title])
        }
        output.print(ListTables.now(board), json: data, empty: TerminalLanguage.text("terminal.now.empty"))
    }
}
