import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty shifts`: my schedule for the coming weeks, grouped by week.
struct ShiftsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "shifts", abstract: "Show my schedule, grouped by week.")

    @OptionGroup var client: ClientOptions

    @Option(help: "How many weeks ahead (1-52).")
    var weeks: Int?

    @Flag(help: "Print the server's JSON instead.")
    var json = false

    func run() async throws {
        let api = try client.client()
        if json {
            let path = "/api/v1/schedule" + (weeks.map { "?weeks=\($0)" } ?? "")
            let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", path) }
            StandardStreams.write(String(decoding: data, as: UTF8.self) + "\n")
            return
        }
        let schedule = try await callAPI { () async throws(APIClientError) in try await api.schedule(weeks: weeks) }
        printLines(ShiftListFormatter.schedule(schedule))
    }
}

/// `shifty market`: what coworkers offer right now.
struct MarketCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "market", abstract: "Show the shifts offered on the marketplace.")

    @OptionGroup var client: ClientOptions

    @Flag(help: "Print the server's JSON instead.")
    var json = false

    func run() async throws {
        let api = try client.client()
        if json {
            let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", "/api/v1/marketplace") }
            StandardStreams.write(String(decoding: data, as: UTF8.self) + "\n")
            return
        }
        let shifts = try await callAPI { () async throws(APIClientError) in try await api.marketplace() }
        // The same preview the web page asks: why a shift cannot be taken, before trying.
        var canTake: [Int64: String] = [:]
        for shift in shifts {
            if let preview = try? await api.pickUpPreview(shiftID: shift.id) { canTake[shift.id] = preview.answer }
        }
        printLines(ShiftListFormatter.market(shifts, canTake: canTake))
    }
}
