/// The answer to a login: the bearer token and who it belongs to.
public struct LoginResult: Decodable, Sendable, Hashable {
    public typealias User = AccountUser
    public typealias Workplace = AccountWorkplace

    public var token: String
    public var expiresAt: String
    public var user: User
    public var workplace: Workplace
}

/// What a marketplace action answers (openapi.yaml `MarketplaceResult`): the deal it created or
/// changed, the shifts it touched and the requests it created or changed. The server encodes this
/// type and the terminal decodes it.
public struct MarketplaceActionResult: Codable, Sendable, Hashable {
    public var deal: MarketDeal?
    public var shifts: [MarketShift]
    /// The requests it created or changed (`shifty request` shows their ids).
    public var requests: [ShiftRequest]

    public init(deal: MarketDeal? = nil, shifts: [MarketShift], requests: [ShiftRequest] = []) {
        self.deal = deal
        self.shifts = shifts
        self.requests = requests
    }
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
}
