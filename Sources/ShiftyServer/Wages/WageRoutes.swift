import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyFeatures
import ShiftyServerCore

/// HTTP endpoints for members' wages and the workplace's labour budget (documented in
/// openapi.yaml): managers only, the one place a wage is ever shown.
struct WageRoutes {
    let service: WageService

    func register(on api: APIGroups) {
        api.managers.get("users/:id/wages") { _, context in
            try APIJSON.response(try await service.wages(context.caller, userID: try context.id("id")))
        }
        api.managers.put("users/:id/wages") { request, context in
            let id = try context.id("id")
            let body = try await request.decodeJSON(SetWagesBody.self, context: context)
            return try APIJSON.response(try await service.setWages(context.caller, userID: id, body))
        }
        api.managers.get("plan/budget") { _, context in
            try APIJSON.response(try await service.budget(context.caller))
        }
        api.managers.put("plan/budget") { request, context in
            let body = try await request.decodeJSON(LabourBudgetView.self, context: context)
            return try APIJSON.response(try await service.setBudget(context.caller, body))
        }
    }
}
