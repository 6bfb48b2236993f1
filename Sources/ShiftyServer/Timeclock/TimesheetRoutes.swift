import Foundation
import Hummingbird
import ShiftyDomain
import ShiftyServerCore

/// Timesheet review and approval, employment terms and "My hours" (documented in openapi.yaml).
struct TimesheetRoutes {
    let timesheets: TimesheetService
    let authenticator: Authenticator

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.get("timesheets") { request, _ in
            let caller = try await authenticator.require(request)
            let query = QueryParameters(request)
            let first = try query.requiredDate("from")
            let last = try query.requiredDate("to")
            let userID = try query.id("userID")
            let threshold = try query.int("threshold", in: 0...240)
            return try APIJSON.response(try await timesheets.review(caller, first: first, last: last, userID: userID, threshold: threshold))
        }
        api.get("timesheets/approvals") { request, _ in
            let caller = try await authenticator.require(request)
            let query = QueryParameters(request)
            let first = try query.date("from")
            let last = try query.date("to")
            let userID = try query.id("userID")
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
            let query = QueryParameters(request)
            var month: ReportMonth?
            if let text = try query.string("month") {
                guard let parsed = ReportMonth(text) else { throw QueryParameters.invalid("month", "must be a month as YYYY-MM") }
                month = parsed
            }
            let userID = try query.id("userID")
            return try APIJSON.response(try await timesheets.myHours(caller, month: month, userID: userID))
        }
    }
}
