import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyDomain
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServerCore

/// HTTP endpoints for positions, qualifications and members' own hour limits (managers only;
/// documented in openapi.yaml).
struct QualificationRoutes {
    let service: QualificationService

    func register(on api: APIGroups) {
        api.managers.get("positions") { _, context in
            try APIJSON.response(try await service.list(context.caller))
        }
        api.managers.put("users/:id/qualifications") { request, context in
            let id = try context.id("id")
            let input = try await request.decodeJSON(SetQualificationsRequest.self, context: context)
            let positions = try await service.setQualifications(context.caller, userID: id, positions: input.positions)
            return try APIJSON.response(SetQualificationsView(userId: id, positions: positions))
        }
        api.managers.put("users/:id/hour-limits") { request, context in
            let id = try context.id("id")
            let input = try await request.decodeJSON(SetMemberHourLimitsRequest.self, context: context)
            return try APIJSON.response(try await service.setHourLimits(context.caller, userID: id, limits: input))
        }
    }
}

