import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty requests`: open requests for extra work and the shifts suggested to them.
struct RequestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests", abstract: "List open requests for extra work, with the shifts suggested to them.",
        discussion: "Suggest one of your shifts with `shifty suggest REQUEST SHIFT`; accept a suggestion to your request with `shifty accept REQUEST SHIFT`.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try client.client()
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", "/api/v1/requests") }
        let requests = try decodeAnswer([ShiftRequest].self, from: data)
        output.print(ListTables.requests(requests), json: data, empty: TerminalLanguage.text("terminal.requests.empty"))
    }
}

/// `shifty request DATE...`: ask for extra work on these dates.
struct RequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "request", abstract: "Ask for extra work on one or more dates.")

    @OptionGroup var client: ClientOptions

    @Argument(help: ArgumentHelp("Dates as YYYY-MM-DD.", valueName: "date"))
    var dates: [String]

    func validate() throws {
        guard !dates.isEmpty else { throw ValidationError(TerminalLanguage.text("terminal.cli.noDates")) }
        for date in dates where LocalDateText.weekday(of: date) == nil {
            throw ValidationError(TerminalLanguage.text("terminal.cli.notADate", ["date": date]))
        }
    }

    func run() async throws {
        let api = try client.client()
        let result = try await callAPI { () async throws(APIClientError) in try await api.request(dates: dates) }
        let ids = (result.requests ?? []).map { "\($0.id) (\(ShiftListFormatter.date($0.date)))" }.joined(separator: ", ")
        let count = (result.requests ?? []).count
        printLines([TerminalLanguage.plural("terminal.request.posted", count: count, [
            "dates": dates.map { ShiftListFormatter.date($0) }.joined(separator: ", "), "requests": ids,
        ])])
    }
}

/// `shifty suggest REQUEST SHIFT`: offer one of my shifts to a coworker's request.
struct SuggestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "suggest", abstract: "Suggest one of my shifts to a coworker's request.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The request's id (see `shifty requests`).")
    var request: Int64

    @Argument(help: "My shift's id, on the request's date (see `shifty shifts`).")
    var shift: Int64

    func run() async throws {
        let api = try client.client()
        let result = try await callAPI { () async throws(APIClientError) in try await api.suggest(requestID: request, shiftID: shift) }
        printLines([ShiftListFormatter.summary(of: result, action: TerminalLanguage.text("terminal.action.suggested", ["shift": "\(shift)", "request": "\(request)"]))])
    }
}

/// `shifty accept REQUEST SHIFT`: take a shift suggested to my request.
struct AcceptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "accept", abstract: "Accept a shift suggested to my request.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "My request's id (see `shifty requests`).")
    var request: Int64

    @Argument(help: "The suggested shift's id.")
    var shift: Int64

    func run() async throws {
        let api = try client.client()
        let result = try await callAPI { () async throws(APIClientError) in try await api.acceptSuggestion(requestID: request, shiftID: shift) }
        printLines([ShiftListFormatter.summary(of: result, action: TerminalLanguage.text("terminal.action.suggestionAccepted", ["shift": "\(shift)", "request": "\(request)"]))])
    }
}
