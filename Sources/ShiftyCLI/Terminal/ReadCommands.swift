import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty shifts`: my schedule for the coming weeks, grouped by week.
struct ShiftsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "shifts", abstract: "Show my schedule, grouped by week.")

    @OptionGroup var client: ClientOptions

    @Option(help: "How many weeks ahead (1-52).")
    var weeks: Int?

    @Flag(help: "Print the server's JSON instead (same as --output json).")
    var json = false

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try client.client()
        let path = "/api/v1/schedule" + (weeks.map { "?weeks=\($0)" } ?? "")
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", path) }
        var output = self.output
        if json { output.format = .json }
        let schedule = try decodeAnswer([ScheduleWeek].self, from: data)
        if output.format == .table {
            // Grouped by week, as the server groups it.
            printLines(ShiftListFormatter.schedule(schedule))
            return
        }
        output.print(ListTables.schedule(schedule), json: data)
    }
}

/// `shifty market`: what coworkers offer right now.
struct MarketCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "market", abstract: "Show the shifts offered on the marketplace.")

    @OptionGroup var client: ClientOptions

    @Flag(help: "Print the server's JSON instead (same as --output json).")
    var json = false

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try client.client()
        var output = self.output
        if json { output.format = .json }
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", "/api/v1/marketplace") }
        if output.format == .json {
            output.print(DataTable(header: [], rows: []), json: data)
            return
        }
        let shifts = try decodeAnswer([MarketShift].self, from: data)
        // The same preview the web page asks: why a shift cannot be taken, before trying.
        var canTake: [Int64: String] = [:]
        for shift in shifts {
            if let preview = try? await api.pickUpPreview(shiftID: shift.id) { canTake[shift.id] = preview.answer }
        }
        output.print(ListTables.market(shifts, canTake: canTake), json: data, empty: TerminalLanguage.text("terminal.market.empty"))
        if output.format == .table, !shifts.isEmpty { printLines(["", TerminalLanguage.text("terminal.market.hint")]) }
    }
}
