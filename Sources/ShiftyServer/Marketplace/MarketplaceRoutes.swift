import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyDomain
import ShiftyFeatures
import ShiftyServerCore

/// HTTP endpoints of the marketplace workflows (documented in openapi.yaml).
struct MarketplaceRoutes {
    let marketplace: MarketplaceService

    func register(on api: APIGroups) {
        // Supply ("Aangeboden"), revoke, pick up.
        api.members.get("marketplace") { _, context in
            try APIJSON.response(try await marketplace.marketplace(context.caller))
        }
        api.members.post("shifts/:id/supply") { _, context in
            try APIJSON.response(try await marketplace.perform(context.caller, .supply(ShiftID(rawValue: try context.id("id")))))
        }
        api.members.post("shifts/:id/revoke") { _, context in
            try APIJSON.response(try await marketplace.perform(context.caller, .revoke(ShiftID(rawValue: try context.id("id")))))
        }
        api.members.post("shifts/:id/pick-up") { _, context in
            try APIJSON.response(try await marketplace.pickUp(context.caller, shiftID: try context.id("id")), status: .created)
        }

        // Requests ("Gezocht") and suggestions.
        api.members.get("requests") { _, context in
            try APIJSON.response(try await marketplace.openRequests(context.caller))
        }
        api.members.get("requests/free-dates") { _, context in
            try APIJSON.response(try await marketplace.freeDates(context.caller))
        }
        api.members.post("requests") { request, context in
            let body = try await request.decodeJSON(ShiftyAPI.PostRequestsBody.self, context: context)
            return try APIJSON.response(try await marketplace.postRequests(context.caller, body), status: .created)
        }
        api.members.delete("requests/:id") { _, context in
            try APIJSON.response(try await marketplace.perform(context.caller, .withdrawRequest(RequestID(rawValue: try context.id("id")))))
        }
        api.members.post("requests/:id/suggestions") { request, context in
            let requestID = try context.id("id")
            let body = try await request.decodeJSON(ShiftyAPI.SuggestBody.self, context: context)
            return try APIJSON.response(
                try await marketplace.perform(context.caller, .suggest(ShiftID(rawValue: body.shiftId), to: RequestID(rawValue: requestID))),
                status: .created)
        }
        api.members.post("requests/:id/suggestions/:shiftId/accept") { _, context in
            try APIJSON.response(
                try await marketplace.acceptSuggestion(context.caller, requestID: try context.id("id"), shiftID: try context.id("shiftId")),
                status: .created)
        }
        api.members.delete("shifts/:id/suggestion") { _, context in
            try APIJSON.response(try await marketplace.perform(context.caller, .withdrawSuggestion(ShiftID(rawValue: try context.id("id")))))
        }

        // Swaps and deals.
        api.members.post("swaps") { request, context in
            let body = try await request.decodeJSON(ShiftyAPI.ProposeSwapBody.self, context: context)
            return try APIJSON.response(try await marketplace.proposeSwap(context.caller, body), status: .created)
        }
        api.members.get("deals/mine") { request, context in
            let page = try DealPage(request)
            return try page.response(try await marketplace.myPendingDeals(context.caller, page: page), request: request)
        }
        api.managers.get("deals/approvals") { request, context in
            let page = try DealPage(request)
            return try page.response(try await marketplace.approvalQueue(context.caller, page: page), request: request)
        }
        api.members.get("deals/:id") { _, context in
            try APIJSON.response(try await marketplace.deal(context.caller, id: try context.id("id")))
        }
        api.members.post("deals/:id/accept") { _, context in
            try APIJSON.response(try await marketplace.perform(context.caller, .acceptSwap(DealID(rawValue: try context.id("id")))))
        }
        api.members.post("deals/:id/decline") { _, context in
            try APIJSON.response(try await marketplace.perform(context.caller, .declineSwap(DealID(rawValue: try context.id("id")))))
        }
        // Approving and rejecting are the marketplace's decisions: a member's attempt is its
        // `not_a_manager` refusal, so these stay with the members.
        api.members.post("deals/:id/approve") { request, context in
            let body = try await optionalJSON(ShiftyAPI.ApproveDealBody.self, request, context)
            let note = body?.note.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            let action = MarketplaceAction.approve(DealID(rawValue: try context.id("id")), note: note, override: body?.ruleOverride)
            return try APIJSON.response(try await marketplace.perform(context.caller, action))
        }
        api.members.post("deals/:id/reject") { request, context in
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await marketplace.perform(context.caller, .reject(DealID(rawValue: try context.id("id")), note: note)))
        }
        api.members.post("deals/:id/cancel") { request, context in
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await marketplace.perform(context.caller, .cancel(DealID(rawValue: try context.id("id")), note: note)))
        }
        // What an action would answer, without doing it (the page asks before it offers a button).
        api.members.get("shifts/:id/preview") { request, context in
            let id = try context.id("id")
            let query = QueryParameters(request)
            guard let action = try query.oneOf("action", PreviewedAction.self) else {
                throw QueryParameters.invalid(
                    "action", ProblemText("server.invalid.requiredOneOf", ["values": PreviewedAction.allCases.map(\.rawValue).joined(separator: ", ")]))
            }
            return try APIJSON.response(try await marketplace.preview(
                context.caller, shiftID: id, action: action, offeredShiftID: try query.id("offeredShiftId"), ownerID: try query.id("ownerId")))
        }
        // The same preview for every shift of a list at once (the marketplace and the requests page).
        api.members.get("marketplace/previews") { request, context in
            let caller = context.caller
            let query = QueryParameters(request)
            guard let action = try query.oneOf("action", BatchPreviewedAction.self) else {
                throw QueryParameters.invalid(
                    "action", ProblemText("server.invalid.requiredOneOf", ["values": BatchPreviewedAction.allCases.map(\.rawValue).joined(separator: ", ")]))
            }
            let shiftIDs = try query.ids("shiftIds", maximumCount: MarketplaceService.maximumBatchPreviews)
            return try APIJSON.response(try await marketplace.previews(caller, shiftIDs: shiftIDs, action: action))
        }
        // What creating this one-off shift would answer (the grid asks before it offers "Create").
        api.managers.post("shifts/preview") { request, context in
            let body = try await request.decodeJSON(CreateShiftRequest.self, context: context)
            return try APIJSON.response(try await marketplace.previewCreate(context.caller, body))
        }
        api.managers.get("trades") { request, context in
            let query = QueryParameters(request)
            let from = try query.requiredDate("from")
            let until = try query.requiredDate("to")
            let state = try query.oneOf("state", DealState.self)?.rawValue
            let page = try DealPage(request)
            return try page.response(try await marketplace.trades(context.caller, from: from, until: until, state: state, page: page), request: request)
        }
    }
}

/// The optional `{"note": …}` body of reject, cancel and delete; an empty body means no note.
func optionalNote(_ request: Request, _ context: some RequestContext) async throws -> String? {
    let note = try await optionalJSON(ShiftyAPI.NoteBody.self, request, context)?.note
    return note.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
}

/// An optional JSON body: `nil` when the body is empty (or only white space).
func optionalJSON<Body: Decodable>(_ type: Body.Type, _ request: Request, _ context: some RequestContext) async throws -> Body? {
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
