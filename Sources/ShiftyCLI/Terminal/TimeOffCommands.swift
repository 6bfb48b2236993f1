import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty timeoff`: ask for time off, see it, withdraw it; managers approve or decline.
struct TimeOffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeoff", abstract: "Time off: list, request, approve, decline or withdraw.",
        subcommands: [TimeOffListCommand.self, TimeOffRequestCommand.self, TimeOffApproveCommand.self,
                      TimeOffDeclineCommand.self, TimeOffWithdrawCommand.self],
        defaultSubcommand: TimeOffListCommand.self)
}

/// `shifty timeoff list [--status S]`: mine (a manager: everyone's).
struct TimeOffListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List time-off requests (yours; a manager sees everyone's).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Only pending, approved, declined or withdrawn requests.")
    var status: String?

    func validate() throws {
        if let status, !["pending", "approved", "declined", "withdrawn"].contains(status) {
            throw ValidationError(TerminalLanguage.text("terminal.cli.timeOffStatus"))
        }
    }

    func run() async throws {
        let api = try client.client()
        let path = "/api/v1/time-off" + (status.map { "?status=\($0)" } ?? "")
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", path) }
        let requests = try decodeAnswer([TimeOffRequest].self, from: data)
        output.print(ListTables.timeOff(requests), json: data, empty: TerminalLanguage.text("terminal.timeOff.empty"))
    }
}

/// `shifty timeoff request FIRST [LAST] [--from HH:MM] [--until HH:MM] [--reason TEXT]`.
struct TimeOffRequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request", abstract: "Ask for time off: whole days, or a part day with --from/--until.")

    @OptionGroup var client: ClientOptions

    @Argument(help: ArgumentHelp("The first day, YYYY-MM-DD.", valueName: "first-date"))
    var firstDate: String

    @Argument(help: ArgumentHelp("The last day (default: the first), YYYY-MM-DD.", valueName: "last-date"))
    var lastDate: String?

    @Option(name: .customLong("from"), help: "Start time on the first day (HH:MM).")
    var startTime: String?

    @Option(name: .customLong("until"), help: "End time on the last day (HH:MM).")
    var endTime: String?

    @Option(help: "Why (the managers see it).")
    var reason: String?

    func validate() throws {
        for date in [firstDate] + (lastDate.map { [$0] } ?? []) where LocalDateText.weekday(of: date) == nil {
            throw ValidationError(TerminalLanguage.text("terminal.cli.notADate", ["date": date]))
        }
    }

    func run() async throws {
        let api = try client.client()
        let body = ShiftyAPIClient.encode(
            RequestTimeOffBody(firstDate: firstDate, lastDate: lastDate, startTime: startTime, endTime: endTime, reason: reason))
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("POST", "/api/v1/time-off", json: body) }
        let request = try decodeAnswer(TimeOffRequest.self, from: data)
        printLines([TerminalLanguage.text("terminal.timeOff.requested", ["period": request.period, "request": "\(request.id)"])])
    }
}

/// A manager's decision on a pending request, with an optional note the member sees.
protocol TimeOffDecision: AsyncParsableCommand {
    var client: ClientOptions { get }
    var id: Int64 { get }
    var note: String? { get }
    static var action: String { get }
}

extension TimeOffDecision {
    func run() async throws {
        let api = try client.client()
        let body = ShiftyAPIClient.noteBody(note)
        let data = try await callAPI { () async throws(APIClientError) in
            try await api.send("POST", "/api/v1/time-off/\(id)/\(Self.action)", json: body)
        }
        let request = try decodeAnswer(TimeOffRequest.self, from: data)
        var line = TerminalLanguage.text("terminal.timeOff.decided", [
            "name": request.userName, "period": request.period, "status": TerminalLanguage.word("timeOffStatus", request.status),
        ])
        if let released = request.releasedShiftIds, !released.isEmpty {
            line += " " + TerminalLanguage.plural("terminal.timeOff.released", count: released.count, [
                "shifts": released.map(String.init).joined(separator: ", "),
            ])
        }
        printLines([line])
    }
}

/// `shifty timeoff approve ID [--note TEXT]` (managers): releases the member's shifts in it.
struct TimeOffApproveCommand: TimeOffDecision {
    static let configuration = CommandConfiguration(
        commandName: "approve", abstract: "Approve a time-off request (managers); the member's shifts in it go to the marketplace.")
    static let action = "approve"

    @OptionGroup var client: ClientOptions
    @Argument(help: "The request's id (see `shifty timeoff list`).") var id: Int64
    @Option(help: "A note the member sees.") var note: String?
}

/// `shifty timeoff decline ID [--note TEXT]` (managers).
struct TimeOffDeclineCommand: TimeOffDecision {
    static let configuration = CommandConfiguration(commandName: "decline", abstract: "Decline a time-off request (managers).")
    static let action = "decline"

    @OptionGroup var client: ClientOptions
    @Argument(help: "The request's id (see `shifty timeoff list`).") var id: Int64
    @Option(help: "A note the member sees.") var note: String?
}

/// `shifty timeoff withdraw ID`: take back my pending or approved request.
struct TimeOffWithdrawCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "withdraw", abstract: "Withdraw your pending or approved time-off request.")

    @OptionGroup var client: ClientOptions
    @Argument(help: "The request's id (see `shifty timeoff list`).") var id: Int64

    func run() async throws {
        let api = try client.client()
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("POST", "/api/v1/time-off/\(id)/withdraw") }
        let request = try decodeAnswer(TimeOffRequest.self, from: data)
        printLines([TerminalLanguage.text("terminal.timeOff.withdrawn", ["period": request.period])])
    }
}
