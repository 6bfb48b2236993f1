import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyDomain
import ShiftyFeatures
import ShiftyServerCore

/// HTTP endpoints of the schedule-change ledger (documented in openapi.yaml): the report per
/// period as JSON or CSV, and a manager's waiver of one entry. Managers only.
struct LedgerRoutes {
    let service: ScheduleLedgerService

    func register(on api: APIGroups) {
        api.managers.get("reports/schedule-changes") { request, context in
            let query = QueryParameters(request)
            guard let from = try query.date("from") else { throw QueryParameters.invalid("from", ProblemText("server.invalid.date")) }
            guard let to = try query.date("to") else { throw QueryParameters.invalid("to", ProblemText("server.invalid.date")) }
            let format = try query.string("format") ?? "json"
            guard Self.formats.contains(format) else {
                throw QueryParameters.invalid("format", ProblemText("server.invalid.oneOf", ["values": Self.formats.joined(separator: ", ")]))
            }
            let report = try await service.report(context.caller, from: from, to: to)
            guard format == "csv" else { return try APIJSON.response(report) }
            return ReportRoutes.text(report.csv, contentType: "text/csv; charset=utf-8", download: "schedule-changes-\(from)-\(to).csv")
        }
        api.managers.post("schedule-ledger/:id/waive") { request, context in
            let id = try context.id("id")
            let body = try await request.decodeJSON(WaiveLedgerEntryBody.self, context: context)
            return try APIJSON.response(try await service.waive(context.caller, entryID: id, body))
        }
    }

    static let formats = ["json", "csv"]
}
