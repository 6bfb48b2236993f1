import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyDomain
import ShiftyServerCore

/// HTTP endpoints of the marketplace workflows (documented in openapi.yaml).
struct MarketplaceRoutes {
    let marketplace: MarketplaceService
    let authenticator: Authenticator

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        // Supply ("Aangeboden"), revoke, pick up.
        api.get("marketplace") { request, _ in
            try APIJSON.response(try await marketplace.marketplace(try await authenticator.require(request)))
        }
        api.post("shifts/:id/supply") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await marketplace.perform(caller, .supply(ShiftID(rawValue: try context.id("id")))))
        }
        api.post("shifts/:id/revoke") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await marketplace.perform(caller, .revoke(ShiftID(rawValue: try context.id("id")))))
        }
        api.post("shifts/:id/pick-up") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await marketplace.pickUp(caller, shiftID: try context.id("id")), status: .created)
        }

        // Requests ("Gezocht") and suggestions.
        api.get("requests") { request, _ in
            try APIJSON.response(try await marketplace.openRequests(try await authenticator.require(request)))
        }
        api.get("requests/free-dates") { request, _ in
            try APIJSON.response(try await marketplace.freeDates(try await authenticator.require(request)))
        }
        api.post("requests") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(ShiftyAPI.PostRequestsBody.self, context: context)
            return try APIJSON.response(try await marketplace.postRequests(caller, body), status: .created)
        }
        api.delete("requests/:id") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await marketplace.perform(caller, .withdrawRequest(RequestID(rawValue: try context.id("id")))))
        }
        api.post("requests/:id/suggestions") { request, context in
            let caller = try await authenticator.require(request)
            let requestID = try context.id("id")
            let body = try await request.decodeJSON(ShiftyAPI.SuggestBody.self, context: context)
            return try APIJSON.response(
                try await marketplace.perform(caller, .suggest(ShiftID(rawValue: body.shiftId), to: RequestID(rawValue: requestID))),
                status: .created)
        }
        api.post("requests/:id/suggestions/:shiftId/accept") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(
                try await marketplace.acceptSuggestion(caller, requestID: try context.id("id"), shiftID: try context.id("shiftId")),
                status: .created)
        }
        api.delete("shifts/:id/suggestion") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await marketplace.perform(caller, .withdrawSuggestion(ShiftID(rawValue: try context.id("id")))))
        }

        // Swaps and deals.
        api.post("swaps") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(ShiftyAPI.ProposeSwapBody.self, context: context)
            return try APIJSON.response(try await marketplace.proposeSwap(caller, body), status: .created)
        }
        api.get("deals/mine") { request, _ in
            let caller = try await authenticator.require(request)
            let page = try DealPage(request)
            return try page.response(try await marketplace.myPendingDeals(caller, page: page), request: request)
        }
        api.get("deals/approvals") { request, _ in
            let caller = try await authenticator.require(request)
            let page = try DealPage(request)
            return try page.response(try await marketplace.approvalQueue(caller, page: page), request: request)
        }
        api.get("deals/:id") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await marketplace.deal(caller, id: try context.id("id")))
        }
        api.post("deals/:id/accept") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await marketplace.perform(caller, .acceptSwap(DealID(rawValue: try context.id("id")))))
        }
        api.post("deals/:id/decline") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await marketplace.perform(caller, .declineSwap(DealID(rawValue: try context.id("id")))))
        }
        api.post("deals/:id/approve") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await optionalJSON(ShiftyAPI.ApproveDealBody.self, request, context)
            let note = body?.note.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            let action = MarketplaceAction.approve(DealID(rawValue: try context.id("id")), note: note, override: body?.ruleOverride)
            return try APIJSON.response(try await marketplace.perform(caller, action))
        }
        api.post("deals/:id/reject") { request, context in
            let caller = try await authenticator.require(request)
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await marketplace.perform(caller, .reject(DealID(rawValue: try context.id("id")), note: note)))
        }
        api.post("deals/:id/cancel") { request, context in
            let caller = try await authenticator.require(request)
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await marketplace.perform(caller, .cancel(DealID(rawValue: try context.id("id")), note: note)))
        }
        // What an action would answer, without doing it (the page asks before it offers a button).
        api.get("shifts/:id/preview") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let query = QueryParameters(request)
            guard let action = try query.oneOf("action", PreviewedAction.self) else {
                throw QueryParameters.invalid("action", "is required: one of \(PreviewedAction.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return try APIJSON.response(try await marketplace.preview(
                caller, shiftID: id, action: action, offeredShiftID: try query.id("offeredShiftId"), ownerID: try query.id("ownerId")))
        }
        // The same preview for every shift of a list at once (the marketplace and the requests page).
        api.get("marketplace/previews") { request, _ in
            let caller = try await authenticator.require(request)
            let query = QueryParameters(request)
            guard let action = try query.oneOf("action", BatchPreviewedAction.self) else {
                throw QueryParameters.invalid("action", "is required: one of \(BatchPreviewedAction.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let shiftIDs = try query.ids("shiftIds", maximumCount: MarketplaceService.maximumBatchPreviews)
            return try APIJSON.response(try await marketplace.previews(caller, shiftIDs: shiftIDs, action: action))
        }
        // What creating this one-off shift would answer (the grid asks before it offers "Create").
        api.post("shifts/preview") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(CreateShiftRequest.self, context: context)
            return try APIJSON.response(try await marketplace.previewCreate(caller, body))
        }
        api.get("trades") { request, _ in
            let caller = try await authenticator.require(request)
            let query = QueryParameters(request)
            let from = try query.requiredDate("from")
            let until = try query.requiredDate("to")
            let state = try query.oneOf("state", DealState.self)?.rawValue
            let page = try DealPage(request)
            return try page.response(try await marketplace.trades(caller, from: from, until: until, state: state, page: page), request: request)
        }
    }
}

/// The optional `{"note": …}` body of reject, cancel and delete; an empty body means no note.
func optionalNote(_ request: Request, _ context: ShiftyRequestContext) async throws -> String? {
    let note = try await optionalJSON(ShiftyAPI.NoteBody.self, request, context)?.note
    return note.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
}

/// An optional JSON body: `nil` when the body is empty (or only white space).
func optionalJSON<Body: Decodable>(_ type: Body.Type, _ request: Request, _ context: ShiftyRequestContext) async throws -> Body? {
    var request = request
    let buffer: ByteBuffer
    do {
        buffer = try await request.collectBody(upTo: context.maxUploadSize)
    } catch {
        throw Problem(.contentTooLarge, code: .bodyTooLarge, text: .init("server.problem.body_too_large.bytes", ["bytes": String(context.maxUploadSize)]))
    }
    guard buffer.readableBytesView.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
    return try await request.decodeJSON(Body.self, context: context)
}
