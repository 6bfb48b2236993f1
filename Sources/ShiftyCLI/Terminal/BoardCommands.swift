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
        if let limit, !(1...200).contains(limit) { throw ValidationError("--limit must be between 1 and 200.") }
    }

    func run() async throws {
        let api = try client.client()
        let path = "/api/v1/notifications" + (limit.map { "?limit=\($0)" } ?? "")
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", path) }
        let events = try decodeAnswer([LiveEvent].self, from: data)
        output.print(ListTables.notifications(events), json: data, empty: "No notifications.")
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
            var title = "Today, \(ShiftListFormatter.date(board.date))"
            if let closed = board.closedDay { title += " (closed: \(closed))" }
            if let progress = board.dayProgressPercent { title += ", \(Int(progress.rounded()))% of the day done" }
            printLines([title])
        }
        output.print(ListTables.now(board), json: data, empty: "Nobody is on shift now or starting within a week.")
    }
}
