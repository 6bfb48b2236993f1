import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyDomain
import ShiftyFeatures
import ShiftyServerCore

/// HTTP endpoints for fixed-shift requests (documented in openapi.yaml), in the style of time off.
struct FixedShiftRequestRoutes {
    let requests: FixedShiftRequestService

    func register(on api: APIGroups) {
        api.members.get("fixed-shift-requests") { request, context in
            let query = QueryParameters(request)
            let status = try query.oneOf("status", FixedShiftRequestStatus.self)
            return try APIJSON.response(try await requests.list(context.caller, userID: try query.id("userId"), status: status))
        }
        api.members.post("fixed-shift-requests") { request, context in
            let body = try await request.decodeJSON(RequestFixedShiftChangeBody.self, context: context)
            return try APIJSON.response(try await requests.request(context.caller, body), status: .created)
        }
        // The approval's body is a deal approval's: a note, and `override`/`reason` to apply a change
        // the rules refuse (the change is checked as if the manager saved it).
        api.managers.post("fixed-shift-requests/:id/approve") { request, context in
            let body = try await optionalJSON(ShiftyAPI.ApproveDealBody.self, request, context)
            let note = body?.note.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            return try APIJSON.response(
                try await requests.approve(context.caller, id: try context.id("id"), note: note, override: body?.ruleOverride))
        }
        api.managers.post("fixed-shift-requests/:id/approve/preview") { _, context in
            try APIJSON.response(try await requests.previewApproval(context.caller, id: try context.id("id")))
        }
        api.managers.post("fixed-shift-requests/:id/decline") { request, context in
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await requests.decline(context.caller, id: try context.id("id"), note: note))
        }
        api.members.post("fixed-shift-requests/:id/withdraw") { _, context in
            try APIJSON.response(try await requests.withdraw(context.caller, id: try context.id("id")))
        }
    }
}
