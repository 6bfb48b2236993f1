import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyDomain
import ShiftyServerCore

/// HTTP endpoints for time off and availability (documented in openapi.yaml).
struct TimeOffRoutes {
    let timeOff: TimeOffService
    let availability: AvailabilityService
    let authenticator: Authenticator

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.get("time-off") { request, _ in
            let caller = try await authenticator.require(request)
            let query = QueryParameters(request)
            var status: TimeOffStatus?
            if let text = try query.string("status") {
                guard let value = TimeOffStatus(rawValue: text) else {
                    throw QueryParameters.invalid("status", "must be one of pending, approved, declined, withdrawn")
                }
                status = value
            }
            return try APIJSON.response(try await timeOff.list(caller, userID: try query.id("userId"), status: status))
        }
        api.post("time-off") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(ShiftyAPI.RequestTimeOffBody.self, context: context)
            return try APIJSON.response(try await timeOff.request(caller, body), status: .created)
        }
        api.post("time-off/:id/approve") { request, context in
            let caller = try await authenticator.require(request)
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await timeOff.approve(caller, id: try context.id("id"), note: note))
        }
        api.post("time-off/:id/decline") { request, context in
            let caller = try await authenticator.require(request)
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await timeOff.decline(caller, id: try context.id("id"), note: note))
        }
        api.post("time-off/:id/withdraw") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await timeOff.withdraw(caller, id: try context.id("id")))
        }
        api.get("availability") { request, _ in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await availability.list(caller))
        }
        api.put("users/:id/availability") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let body = try await request.decodeJSON(SetAvailabilityBody.self, context: context)
            return try APIJSON.response(try await availability.set(caller, userID: id, entries: body.entries))
        }
    }
}
