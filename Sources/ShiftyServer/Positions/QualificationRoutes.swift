import Foundation
import Hummingbird
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// HTTP endpoints for positions, qualifications and members' own hour limits (managers only;
/// documented in openapi.yaml).
struct QualificationRoutes {
    let service: QualificationService
    let authenticator: Authenticator

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.get("positions") { request, _ in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await service.list(caller))
        }
        api.put("users/:id/qualifications") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let input = try await request.decodeJSON(SetQualificationsRequest.self, context: context)
            let positions = try await service.setQualifications(caller, userID: id, positions: input.positions)
            return try APIJSON.response(SetQualificationsView(userId: id, positions: positions))
        }
        api.put("users/:id/hour-limits") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let input = try await request.decodeJSON(SetMemberHourLimitsRequest.self, context: context)
            return try APIJSON.response(try await service.setHourLimits(caller, userID: id, limits: input))
        }
    }
}

struct SetQualificationsView: Encodable {
    var userId: Int64
    var positions: [String]
}
