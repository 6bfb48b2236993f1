import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyDomain
import ShiftyFeatures
import ShiftyServerCore

/// HTTP endpoints for time off and availability (documented in openapi.yaml).
struct TimeOffRoutes {
    let timeOff: TimeOffService
    let availability: AvailabilityService

    func register(on api: APIGroups) {
        api.members.get("time-off") { request, context in
            let query = QueryParameters(request)
            let status = try query.oneOf("status", TimeOffStatus.self)
            return try APIJSON.response(try await timeOff.list(context.caller, userID: try query.id("userId"), status: status))
        }
        api.members.post("time-off") { request, context in
            let body = try await request.decodeJSON(ShiftyAPI.RequestTimeOffBody.self, context: context)
            return try APIJSON.response(try await timeOff.request(context.caller, body), status: .created)
        }
        api.managers.post("time-off/:id/approve") { request, context in
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await timeOff.approve(context.caller, id: try context.id("id"), note: note))
        }
        api.managers.post("time-off/:id/decline") { request, context in
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await timeOff.decline(context.caller, id: try context.id("id"), note: note))
        }
        api.members.post("time-off/:id/withdraw") { _, context in
            try APIJSON.response(try await timeOff.withdraw(context.caller, id: try context.id("id")))
        }
        api.members.get("availability") { _, context in
            try APIJSON.response(try await availability.list(context.caller))
        }
        api.members.put("users/:id/availability") { request, context in
            let id = try context.id("id")
            let body = try await request.decodeJSON(SetAvailabilityBody.self, context: context)
            return try APIJSON.response(try await availability.set(context.caller, userID: id, entries: body.entries))
        }
    }
}
