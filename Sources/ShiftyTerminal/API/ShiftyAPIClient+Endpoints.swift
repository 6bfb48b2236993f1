import Foundation

/// The answer to a login: the bearer token and who it belongs to.
public struct LoginResult: Decodable, Sendable, Hashable {
    public typealias User = AccountUser
    public typealias Workplace = AccountWorkplace

    public var token: String
    public var expiresAt: String
    public var user: User
    public var workplace: Workplace
}

/// What a marketplace action answers: the deal it created or changed and the shifts it touched.
public struct MarketplaceActionResult: Decodable, Sendable, Hashable {
    public struct Deal: Decodable, Sendable, Hashable {
        public var id: Int64
        public var kind: String
        public var state: String
        /// Who approved, rejected or cancelled it, and their note (absent while it is pending).
        public var decidedByName: String?
        public var decisionNote: String?
    }

    public var deal: Deal?
    public var shifts: [MarketShift]
    /// The requests it created or changed (`shifty request` shows their ids).
    public var requests: [ShiftRequest]?
}

/// The part of an action's preview the terminal shows: allowed, or the refusal with its code.
public struct ActionPreview: Decodable, Sendable, Hashable {
    /// One rule that refuses or warns (for `approve`: what a manager should know before deciding).
    public struct Rule: Decodable, Sendable, Hashable {
        public var code: String
        /// `refuse` or `warn`.
        public var severity: String
        public var detail: String?

        public init(code: String, severity: String, detail: String? = nil) {
            self.code = code
            self.severity = severity
            self.detail = detail
        }
    }

    public var allowed: Bool
    public var refusal: APIProblem?
    public var rules: [Rule]?

    public init(allowed: Bool, refusal: APIProblem? = nil, rules: [Rule]? = nil) {
        self.allowed = allowed
        self.refusal = refusal
        self.rules = rules
    }

    /// What the market list shows: "yes", or why not (the same sentence `shifty take` would print).
    public var answer: String { allowed ? "yes" : refusal?.message ?? "no" }
}

extension ShiftyAPIClient {
    /// `POST /api/v1/sessions` with `client: bearer`: the server sets no cookie and returns the token.
    public func login(workplace: String, username: String, password: String) async throws(APIClientError) -> LoginResult {
        struct Body: Encodable {
            var workplace: String
            var username: String
            var password: String
            var client = "bearer"
        }
        let body = Self.encode(Body(workplace: workplace, username: username, password: password))
        return try await self.send("POST", "/api/v1/sessions", json: body, as: LoginResult.self)
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

    public func approve(dealID: Int64, note: String?) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send("POST", "/api/v1/deals/\(dealID)/approve", json: Self.noteBody(note), as: MarketplaceActionResult.self)
    }

    public func reject(dealID: Int64, note: String?) async throws(APIClientError) -> MarketplaceActionResult {
        try await self.send("POST", "/api/v1/deals/\(dealID)/reject", json: Self.noteBody(note), as: MarketplaceActionResult.self)
    }

    static func noteBody(_ note: String?) -> Data? {
        struct Body: Encodable { var note: String }
        return note.map { Self.encode(Body(note: $0)) }
    }

    static func encode(_ value: some Encodable) -> Data {
        // Encoding these flat structs of strings cannot fail.
        (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
    }
}
