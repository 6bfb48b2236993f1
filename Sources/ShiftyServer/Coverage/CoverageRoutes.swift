import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyFeatures
import ShiftyServerCore

/// HTTP endpoints for the staffing a workplace needs (documented in openapi.yaml): every member
/// reads it, managers replace it.
struct CoverageRoutes {
    let service: CoverageService

    func register(on api: APIGroups) {
        api.members.get("coverage-needs") { _, context in
            try APIJSON.response(try await service.needs(context.caller))
        }
        api.managers.put("coverage-needs") { request, context in
            let body = try await request.decodeJSON(CoverageNeedsView.self, context: context)
            return try APIJSON.response(try await service.replaceNeeds(context.caller, with: body))
        }
    }
}
