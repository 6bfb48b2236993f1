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
            guard let monthText = try query.string("month") else { throw QueryParameters.invalid("month", "is required (YYYY-MM)") }
            guard let month = ReportMonth(monthText) else { throw QueryParameters.invalid("month", "must be a month as YYYY-MM") }
            let userID = try query.id("userID")
            let format = try query.string("format") ?? "json"
            guard ["json", "csv", "payroll", "html"].contains(format) else { throw QueryParameters.invalid("format", "must be json, csv, payroll or html") }
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
                throw QueryParameters.invalid("format", "must be json, csv, payroll or html")
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
                throw QueryParameters.invalid("range", "must be 7d, 30d, all, or month with month=YYYY-MM")
            }
            let userID = try query.id("userID")
            let smooth = try query.bool("smooth") ?? false
            return try APIJSON.response(try await reports.chart(context.caller, range: range, userID: userID, smooth: smooth))
        }
    }

    static func text(_ body: String, contentType: String, download: String?) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .cacheControl: "no-store"]
        if let download { headers[.contentDisposition] = "attachment; filename=\"\(download)\"" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
