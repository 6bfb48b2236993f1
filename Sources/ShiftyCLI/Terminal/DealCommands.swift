import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty approvals`: the deals waiting for a manager, each with what the approve preview warns about.
struct ApprovalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approvals",
        abstract: "List the deals waiting for approval, with the rules each would break (managers).",
        discussion: "Approve with `shifty approve ID [--note TEXT]`, reject with `shifty reject ID --note TEXT`.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try client.client()
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", "/api/v1/deals/approvals") }
        let deals = try decodeAnswer([MarketDeal].self, from: data)
        var warnings: [Int64: String] = [:]
        var previews: [Int64: Data] = [:]
        for deal in deals {
            guard let shift = deal.legs.first?.shift.id else { continue }
            let path = "/api/v1/shifts/\(shift)/preview?action=approve"
            guard let data = try? await api.send("GET", path) else { continue }
            previews[deal.id] = data
            if let preview = try? JSONDecoder().decode(ActionPreview.self, from: data) {
                warnings[deal.id] = ListTables.warnings(of: preview)
            }
        }
        let table = ListTables.deals(deals, warnings: warnings)
        // JSON: the queue's deals as the server sends them, each with its approve preview.
        output.print(table, json: Self.json(queue: data, previews: previews), empty: TerminalLanguage.text("terminal.approvals.empty"))
        if output.format == .table, !deals.isEmpty {
            printLines(["", TerminalLanguage.text("terminal.approvals.hint")])
        }
    }

    /// `[{"deal": …, "approvePreview": …}]`: each deal exactly as the server sent it, with its preview.
    static func json(queue: Data, previews: [Int64: Data]) -> Data {
        let raw = (try? JSONSerialization.jsonObject(with: queue)) as? [[String: Any]] ?? []
        let items: [[String: Any]] = raw.map { deal in
            var item: [String: Any] = ["deal": deal]
            if let id = (deal["id"] as? NSNumber)?.int64Value, let data = previews[id],
               let preview = try? JSONSerialization.jsonObject(with: data) {
                item["approvePreview"] = preview
            }
            return item
        }
        return (try? JSONSerialization.data(withJSONObject: items, options: [.sortedKeys])) ?? Data("[]".utf8)
    }
}

/// `shifty deals`: my pending deals, giving or receiving.
struct DealsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deals", abstract: "List my pending deals (shifts I give or receive).",
        discussion: "Withdraw one with `shifty cancel ID`; answer a swap proposed to you with `shifty swap-answer ID --accept|--decline`.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let api = try client.client()
        let data = try await callAPI { () async throws(APIClientError) in try await api.send("GET", "/api/v1/deals/mine") }
        let deals = try decodeAnswer([MarketDeal].self, from: data)
        output.print(ListTables.deals(deals), json: data, empty: TerminalLanguage.text("terminal.deals.empty"))
    }
}

/// `shifty revoke SHIFT`: take my offered shift back off the marketplace.
struct RevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Take my offered shift back off the marketplace.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The shift's id (see `shifty market` or `shifty shifts`).")
    var id: Int64

    func run() async throws {
        let api = try client.client()
        let result = try await callAPI { () async throws(APIClientError) in try await api.revoke(shiftID: id) }
        printLines([ShiftListFormatter.summary(of: result, action: TerminalLanguage.text("terminal.action.revoked", ["shift": "\(id)"]))])
    }
}

/// `shifty cancel DEAL [--note]`: withdraw a pending deal I am part of.
struct CancelDealCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Withdraw a pending deal I am part of.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The deal's id (see `shifty deals`).")
    var id: Int64

    @Option(help: "Why (shown to the others in the deal).")
    var note: String?

    func run() async throws {
        let api = try client.client()
        let result = try await callAPI { () async throws(APIClientError) in try await api.cancel(dealID: id, note: note) }
        printLines([ShiftListFormatter.summary(of: result, action: TerminalLanguage.text("terminal.action.cancelled", ["deal": "\(id)"]))])
    }
}

/// `shifty swap MINE THEIRS`: propose swapping my shift for a coworker's.
struct SwapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swap", abstract: "Propose swapping one of my shifts for a coworker's.",
        discussion: "The coworker accepts or declines (`shifty swap-answer DEAL --accept`), then a manager approves.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "My shift's id (see `shifty shifts`).")
    var mine: Int64

    @Argument(help: "The coworker's shift's id.")
    var theirs: Int64

    func run() async throws {
        let api = try client.client()
        let result = try await callAPI { () async throws(APIClientError) in try await api.swap(offeredShiftID: mine, wantedShiftID: theirs) }
        printLines([ShiftListFormatter.summary(of: result, action: TerminalLanguage.text("terminal.action.swapProposed", ["mine": "\(mine)", "theirs": "\(theirs)"]))])
    }
}

/// `shifty swap-answer DEAL --accept|--decline`: answer a swap proposed to me.
struct AnswerSwapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "swap-answer", abstract: "Accept or decline a swap proposed to me.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The deal's id (see `shifty deals`).")
    var id: Int64

    @Flag(help: "Accept (--accept) or decline (--decline).")
    var answer: SwapAnswer

    enum SwapAnswer: String, EnumerableFlag { case accept, decline }

    func run() async throws {
        let api = try client.client()
        let accept = answer == .accept
        let result = try await callAPI { () async throws(APIClientError) in try await api.answerSwap(dealID: id, accept: accept) }
        printLines([ShiftListFormatter.summary(of: result, action: TerminalLanguage.text(accept ? "terminal.action.swapAccepted" : "terminal.action.swapDeclined", ["deal": "\(id)"]))])
    }
}

/// Decodes a 2xx answer read as raw bytes (kept for `--output json`).
func decodeAnswer<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    do {
        return try JSONDecoder().decode(Value.self, from: data)
    } catch {
        throw APIClientError.unexpectedResponse(status: 200, TerminalLanguage.text("terminal.error.couldNotRead", ["type": "\(Value.self)", "error": "\(error)"])).failure
    }
}
