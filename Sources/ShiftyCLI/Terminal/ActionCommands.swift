import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty supply ID`: offer one of my shifts on the marketplace.
struct SupplyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "supply", abstract: "Offer one of my shifts on the marketplace.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The shift's id (see `shifty shifts`).")
    var id: Int64

    func run() async throws {
        let api = try client.client()
        let result = try await callAPI { () async throws(APIClientError) in try await api.supply(shiftID: id) }
        printLines([ShiftListFormatter.summary(of: result, action: TerminalLanguage.text("terminal.action.supplied", ["shift": "\(id)"]))])
    }
}

/// `shifty take ID`: pick up a shift a coworker offers.
struct TakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "take", abstract: "Take (pick up) a shift offered on the marketplace.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The shift's id (see `shifty market`).")
    var id: Int64

    func run() async throws {
        let api = try client.client()
        let result = try await callAPI { () async throws(APIClientError) in try await api.take(shiftID: id) }
        printLines([ShiftListFormatter.summary(of: result, action: TerminalLanguage.text("terminal.action.taken", ["shift": "\(id)"]))])
    }
}

/// `shifty approve ID [--note]`: a manager approves a deal waiting in the queue.
struct ApproveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "approve", abstract: "Approve a deal (managers).")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The deal's id.")
    var id: Int64

    @Option(help: "A note for the people involved.")
    var note: String?

    func run() async throws {
        let api = try client.client()
        let result = try await callAPI { () async throws(APIClientError) in try await api.approve(dealID: id, note: note) }
        printLines([ShiftListFormatter.summary(of: result, action: TerminalLanguage.text("terminal.action.approved", ["deal": "\(id)"]))])
    }
}

/// `shifty reject ID --note`: a manager rejects a deal; the note tells them why.
struct RejectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reject", abstract: "Reject a deal (managers).")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The deal's id.")
    var id: Int64

    @Option(help: "Why (shown to the people involved).")
    var note: String?

    func run() async throws {
        let api = try client.client()
        let result = try await callAPI { () async throws(APIClientError) in try await api.reject(dealID: id, note: note) }
        printLines([ShiftListFormatter.summary(of: result, action: TerminalLanguage.text("terminal.action.rejected", ["deal": "\(id)"]))])
    }
}
