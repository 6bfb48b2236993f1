import Foundation
import Hummingbird
import ShiftyDomain
import ShiftyFeatures
import ShiftyServerCore

/// Timesheet review and approval, employment terms and "My hours" (documented in openapi.yaml).
struct TimesheetRoutes {
    let timesheets: TimesheetService

    func register(on api: APIGroups) {
        api.managers.get("timesheets") { request, context in
            let query = QueryParameters(request)
            let first = try query.requiredDate("from")
            let last = try query.requiredDate("to")
            let userID = try query.id("userID")
            let threshold = try query.int("threshold", in: 0...240)
            return try APIJSON.response(try await timesheets.review(context.caller, first: first, last: last, userID: userID, threshold: threshold))
        }
        api.members.get("timesheets/approvals") { request, context in
            let query = QueryParameters(request)
            let first = try query.date("from")
            let last = try query.date("to")
            let userID = try query.id("userID")
            return try APIJSON.response(try await timesheets.approvals(context.caller, userID: userID, first: first, last: last))
        }
        api.managers.post("timesheets/approvals") { request, context in
            let input = try await request.decodeJSON(ApproveTimesheetRequest.self, context: context)
            return try APIJSON.response(try await timesheets.approve(context.caller, input), status: .created)
        }
        api.managers.post("timesheets/approvals/:id/unlock") { request, context in
            let id = try context.id("id")
            let input = try await request.decodeJSON(UnlockTimesheetRequest.self, context: context)
            return try APIJSON.response(try await timesheets.unlock(context.caller, id: id, reason: input.reason))
        }
        api.members.get("users/:id/employment") { _, context in
            try APIJSON.response(try await timesheets.employment(context.caller, userID: try context.id("id")))
        }
        api.managers.put("users/:id/employment") { request, context in
            let id = try context.id("id")
            let input = try await request.decodeJSON(UpdateEmploymentRequest.self, context: context)
            return try APIJSON.response(try await timesheets.updateEmployment(context.caller, userID: id, input))
        }
        api.members.get("timeclock/my-hours") { request, context in
            let query = QueryParameters(request)
            var month: ReportMonth?
            if let text = try query.string("month") {
                guard let parsed = ReportMonth(text) else { throw QueryParameters.invalid("month", ProblemText("server.invalid.month")) }
                month = parsed
            }
            let userID = try query.id("userID")
            return try APIJSON.response(try await timesheets.myHours(context.caller, month: month, userID: userID))
        }
    }
}
