import Foundation
import Hummingbird
import ShiftyDomain

/// Timesheet review and approval, employment terms and "My hours" (documented in openapi.yaml).
struct TimesheetRoutes {
    let timesheets: TimesheetService
    let authenticator: Authenticator

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.get("timesheets") { request, _ in
            let caller = try await authenticator.require(request)
            let parameters = request.uri.queryParameters
            let first = try TimeclockRoutes.date(parameters.get("from"), field: "from")
            let last = try TimeclockRoutes.date(parameters.get("to"), field: "to")
            let userID = try TimeclockRoutes.optionalID(parameters.get("userID"), field: "userID")
            var threshold: Int?
            if let text = parameters.get("threshold") {
                guard let value = Int(text) else { throw Problem.invalid("threshold", "must be between 0 and 240 minutes") }
                threshold = value
            }
            return try APIJSON.response(try await timesheets.review(caller, first: first, last: last, userID: userID, threshold: threshold))
        }
        api.get("timesheets/approvals") { request, _ in
            let caller = try await authenticator.require(request)
            let parameters = request.uri.queryParameters
            let first = try parameters.get("from").map { try TimeclockRoutes.date($0, field: "from") }
            let last = try parameters.get("to").map { try TimeclockRoutes.date($0, field: "to") }
            let userID = try TimeclockRoutes.optionalID(parameters.get("userID"), field: "userID")
            return try APIJSON.response(try await timesheets.approvals(caller, userID: userID, first: first, last: last))
        }
        api.post("timesheets/approvals") { request, context in
            let caller = try await authenticator.require(request)
            let input = try await request.decodeJSON(ApproveTimesheetRequest.self, context: context)
            return try APIJSON.response(try await timesheets.approve(caller, input), status: .created)
        }
        api.post("timesheets/approvals/:id/unlock") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let input = try await request.decodeJSON(UnlockTimesheetRequest.self, context: context)
            return try APIJSON.response(try await timesheets.unlock(caller, id: id, reason: input.reason))
        }
        api.get("users/:id/employment") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await timesheets.employment(caller, userID: try context.id("id")))
        }
        api.put("users/:id/employment") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let input = try await request.decodeJSON(UpdateEmploymentRequest.self, context: context)
            return try APIJSON.response(try await timesheets.updateEmployment(caller, userID: id, input))
        }
        api.get("timeclock/my-hours") { request, _ in
            let caller = try await authenticator.require(request)
            let parameters = request.uri.queryParameters
            var month: ReportMonth?
            if let text = parameters.get("month") {
                guard let parsed = ReportMonth(text) else { throw Problem.invalid("month", "must be a month as YYYY-MM") }
                month = parsed
            }
            let userID = try TimeclockRoutes.optionalID(parameters.get("userID"), field: "userID")
            return try APIJSON.response(try await timesheets.myHours(caller, month: month, userID: userID))
        }
    }
}
