import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyDomain
import ShiftyServerCore

/// HTTP endpoints for fixed-shift requests (documented in openapi.yaml), in the style of time off.
struct FixedShiftRequestRoutes {
    let requests: FixedShiftRequestService
    let authenticator: Authenticator

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.get("fixed-shift-requests") { request, _ in
            let caller = try await authenticator.require(request)
            let query = QueryParameters(request)
            var status: FixedShiftRequestStatus?
            if let text = try query.string("status") {
                guard let value = FixedShiftRequestStatus(rawValue: text) else {
                    throw QueryParameters.invalid("status", "must be one of pending, approved, declined, withdrawn")
                }
                status = value
            }
            return try APIJSON.response(try await requests.list(caller, userID: try query.id("userId"), status: status))
        }
        api.post("fixed-shift-requests") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(RequestFixedShiftChangeBody.self, context: context)
            return try APIJSON.response(try await requests.request(caller, body), status: .created)
        }
        // The approval's body is a deal approval's: a note, and `override`/`reason` to apply a change
        // the rules refuse (the change is checked as if the manager saved it).
        api.post("fixed-shift-requests/:id/approve") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await optionalJSON(ShiftyAPI.ApproveDealBody.self, request, context)
            let note = body?.note.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            return try APIJSON.response(
                try await requests.approve(caller, id: try context.id("id"), note: note, override: body?.ruleOverride))
        }
        api.post("fixed-shift-requests/:id/approve/preview") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await requests.previewApproval(caller, id: try context.id("id")))
        }
        api.post("fixed-shift-requests/:id/decline") { request, context in
            let caller = try await authenticator.require(request)
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await requests.decline(caller, id: try context.id("id"), note: note))
        }
        api.post("fixed-shift-requests/:id/withdraw") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await requests.withdraw(caller, id: try context.id("id")))
        }
    }
}
