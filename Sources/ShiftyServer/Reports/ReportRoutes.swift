import Foundation
import Hummingbird
import ShiftyFeatures
import ShiftyServerCore

/// Report endpoints: the monthly report as JSON, CSV or a print page, its stylesheet, and chart data.
struct ReportRoutes {
    static let stylesheetPath = "/api/v1/reports/print.css"

    let reports: ReportService

    func register(on api: APIGroups) {
        api.members.get("reports/monthly") { request, context in
            let query = QueryParameters(request)
            guard let monthText = try query.string("month") else { throw QueryParameters.invalid("month", ProblemText("server.invalid.monthRequired")) }
            guard let month = ReportMonth(monthText) else { throw QueryParameters.invalid("month", ProblemText("server.invalid.month")) }
            let userID = try query.id("userID")
            let format = try query.string("format") ?? "json"
            guard Self.formats.contains(format) else { throw Self.unknownFormat }
            let report = try await reports.monthlyReport(context.caller, month: month, userID: userID, includeDays: format == "payroll")
            switch format {
            case "json":
                return try APIJSON.response(report)
            case "csv":
                return Self.text(report.csv, contentType: "text/csv; charset=utf-8", download: "timeclock-\(report.workplace)-\(month).csv")
            case "payroll":
                return Self.text(report.payrollCSV, contentType: "text/csv; charset=utf-8", download: "payroll-\(report.workplace)-\(month).csv")
            case "html":
                return Self.text(report.html(stylesheetPath: Self.stylesheetPath, language: RequestLanguage.resolved), contentType: "text/html; charset=utf-8", download: nil)
            default:
                throw Self.unknownFormat
            }
        }
        api.anyone.get("reports/print.css") { _, _ in
            var response = Self.text(MonthlyReport.printStylesheet, contentType: "text/css; charset=utf-8", download: nil)
            response.headers[.cacheControl] = "public, max-age=3600"
            return response
        }
        api.members.get("reports/chart") { request, context in
            let query = QueryParameters(request)
            guard let range = ChartRange(range: try query.string("range") ?? "30d", month: try query.string("month")) else {
                throw QueryParameters.invalid("range", ProblemText("server.invalid.chartRange"))
            }
            let userID = try query.id("userID")
            let smooth = try query.bool("smooth") ?? false
            return try APIJSON.response(try await reports.chart(context.caller, range: range, userID: userID, smooth: smooth))
        }
    }

    /// What `format` of the monthly report may be.
    static let formats = ["json", "csv", "payroll", "html"]

    static var unknownFormat: Problem {
        QueryParameters.invalid("format", ProblemText("server.invalid.oneOf", ["values": formats.joined(separator: ", ")]))
    }

    static func text(_ body: String, contentType: String, download: String?) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .cacheControl: "no-store"]
        if let download { headers[.contentDisposition] = "attachment; filename=\"\(download)\"" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
