import Foundation

/// The marketplace endpoints beyond supply, take, approve and reject: deals, requests, swaps, the
/// "now" board and notifications. Each is one REST call of openapi.yaml.
extension ShiftyAPIClient {
    /// `GET /api/v1/deals/approvals`: the approval queue (managers), earliest expiry first.
    public func approvals() async throws(APIClientError) -> [MarketDeal] {
        try await self.send("GET", "/api/v1/deals/approvals", as: [MarketDeal].self)
    }

    /// `GET /api/v1/deals/mine`: my pending deals, giving or receiving.
    public func myDeals() async throws(APIClientError) -> [MarketDeal] {
        try await self.send("GET", "/api/v1/deals/mine", as: [MarketDeal].self)
    }

    /// `GET /api/v1/shifts/{id}/preview?action=approve`: what approving the deal holding this shift
    /// would answer now, with every rule that refuses or warns.
    public func approvalPreview(shiftID: Int64) async throws(APIClientError) -> ActionPreview {
        try await self.send("GET", "/api/v1/shifts/\(shiftID)/preview?action=approve", as: ActionPreview.self)
    }

    /// `POST /api/v1/shifts/{id}/revoke`: take my offered shift back while nobody has taken it.
    public func revoke(shiftID: Int64) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send("POST", "/api/v1/shifts/\(shiftID)/revoke", as: MarketplaceActionResult.self)
    }

    /// `POST /api/v1/deals/{id}/cancel`: withdraw a pending deal I am part of.
    public func cancel(dealID: Int64, note: String?) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send("POST", "/api/v1/deals/\(dealID)/cancel", json: Self.noteBody(note), as: MarketplaceActionResult.self)
    }

    /// `POST /api/v1/deals/{id}/accept` or `/decline`: the swap's counterparty answers.
    public func answerSwap(dealID: Int64, accept: Bool) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send("POST", "/api/v1/deals/\(dealID)/\(accept ? "accept" : "decline")", as: MarketplaceActionResult.self)
    }

    /// `GET /api/v1/requests`: open requests for extra work with their suggestions.
    public func requests() async throws(APIClientError) -> [ShiftRequest] {
        try await self.send("GET", "/api/v1/requests", as: [ShiftRequest].self)
    }

    /// `POST /api/v1/requests`: ask for extra work on these dates (one request per date).
    public func request(dates: [String]) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send("POST", "/api/v1/requests", json: Self.encode(PostRequestsBody(dates: dates)), as: MarketplaceActionResult.self)
    }

    /// `POST /api/v1/requests/{id}/suggestions`: suggest one of my shifts to a coworker's request.
    public func suggest(requestID: Int64, shiftID: Int64) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send(
            "POST", "/api/v1/requests/\(requestID)/suggestions", json: Self.encode(SuggestBody(shiftId: shiftID)), as: MarketplaceActionResult.self)
    }

    /// `POST /api/v1/requests/{id}/suggestions/{shiftId}/accept`: take one suggestion to my request.
    public func acceptSuggestion(requestID: Int64, shiftID: Int64) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send("POST", "/api/v1/requests/\(requestID)/suggestions/\(shiftID)/accept", as: MarketplaceActionResult.self)
    }

    /// `POST /api/v1/swaps`: propose my shift for a coworker's.
    public func swap(offeredShiftID: Int64, wantedShiftID: Int64) async throws(APIClientError) -> MarketplaceActionResult {
        let body = Self.encode(ProposeSwapBody(offeredShiftId: offeredShiftID, wantedShiftId: wantedShiftID))
        return try await self.send("POST", "/api/v1/swaps", json: body, as: MarketplaceActionResult.self)
    }

    /// `GET /api/v1/notifications`: my personal events, newest first.
    public func notifications(limit: Int? = nil) async throws(APIClientError) -> [LiveEvent] {
        try await self.send("GET", "/api/v1/notifications" + (limit.map { "?limit=\($0)" } ?? ""), as: [LiveEvent].self)
    }

    /// `GET /api/v1/now`: who works now and who starts next.
    public func now() async throws(APIClientError) -> NowBoard {
        try await self.send("GET", "/api/v1/now", as: NowBoard.self)
    }
}
