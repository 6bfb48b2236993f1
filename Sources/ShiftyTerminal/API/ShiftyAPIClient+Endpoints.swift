import Foundation

extension ShiftyAPIClient {
    /// `POST /api/v1/sessions` with `client: bearer`: the server sets no cookie and returns the token.
    public func login(workplace: String, username: String, password: String) async throws(APIClientError) -> Session {
        let body = Self.encode(LoginBody(workplace: workplace, username: username, password: password, client: .bearer))
        return try await self.send("POST", "/api/v1/sessions", json: body, as: Session.self)
    }

    /// `DELETE /api/v1/sessions/current`: ends the session on the server.
    public func logout() async throws(APIClientError) {
        _ = try await self.send("DELETE", "/api/v1/sessions/current")
    }

    /// `GET /api/v1/shifts/{id}/preview?action=pick-up`: whether I could take the shift now, and
    /// if not, the refusal the server would answer (same rules as the pick-up itself).
    public func pickUpPreview(shiftID: Int64) async throws(APIClientError) -> ActionPreview {
        try await self.send("GET", "/api/v1/shifts/\(shiftID)/preview?action=pick-up", as: ActionPreview.self)
    }

    public func marketplace() async throws(APIClientError) -> [MarketShift] {
        try await self.send("GET", "/api/v1/marketplace", as: [MarketShift].self)
    }

    public func schedule(weeks: Int? = nil) async throws(APIClientError) -> [ScheduleWeek] {
        try await self.send("GET", "/api/v1/schedule" + (weeks.map { "?weeks=\($0)" } ?? ""), as: [ScheduleWeek].self)
    }

    /// Offers one of my shifts on the marketplace.
    public func supply(shiftID: Int64) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send("POST", "/api/v1/shifts/\(shiftID)/supply", as: MarketplaceActionResult.self)
    }

    /// Takes a shift offered by a coworker (a pick-up deal; approved at once or by a manager).
    public func take(shiftID: Int64) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send("POST", "/api/v1/shifts/\(shiftID)/pick-up", as: MarketplaceActionResult.self)
    }

    /// `POST /api/v1/deals/{id}/approve` with `{"note": …}` (`ApproveDealBody`) when there is a note.
    public func approve(dealID: Int64, note: String?) async throws(APIClientError) -> MarketplaceActionResult {
        let body = note.map { Self.encode(ApproveDealBody(note: $0)) }
        return try await self.send("POST", "/api/v1/deals/\(dealID)/approve", json: body, as: MarketplaceActionResult.self)
    }

    public func reject(dealID: Int64, note: String?) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send("POST", "/api/v1/deals/\(dealID)/reject", json: Self.noteBody(note), as: MarketplaceActionResult.self)
    }

    /// `{"note": …}` (`NoteBody`) when there is a note; no body at all when there is none.
    public static func noteBody(_ note: String?) -> Data? {
        note.map { Self.encode(NoteBody(note: $0)) }
    }

    /// A request body (one of ShiftyAPI's `…Body` types, the ones the server decodes).
    public static func encode(_ value: some Encodable) -> Data {
        // Encoding these flat structs of strings and numbers cannot fail.
        (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
    }
}
