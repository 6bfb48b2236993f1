/// What an action would do, before it is taken (openapi.yaml `ActionPreview`): the answer of
/// `GET /api/v1/shifts/{id}/preview`, `POST /shifts/preview` and the edit preview. Whether the action
/// would be accepted now, every rule it breaks or warns about, and its effect on each receiver's
/// week. The server encodes this type and the terminal decodes it (the market list's "can I take
/// it", the approval queue's warnings).
public struct ActionPreview: Codable, Sendable, Hashable {
    /// The refusal the action would answer with, as its problem document would carry it.
    public struct Refusal: Codable, Sendable, Hashable {
        /// A problem code (openapi.yaml `Problem.code`).
        public var code: String
        public var status: Int
        public var detail: String

        public init(code: String, status: Int, detail: String) {
            self.code = code
            self.status = status
            self.detail = detail
        }
    }

    /// One rule the action breaks or warns about (for `approve`: what a manager should know
    /// before deciding).
    public struct Rule: Codable, Sendable, Hashable {
        /// The refusal code of the rule (`overlapping_shift`, `one_shift_per_day`…).
        public var code: String
        /// Whether breaking the rule refuses the action or only warns.
        public var severity: WorkplaceSettings.Severity
        /// Whether a manager's override lets the action through despite this rule.
        public var overridable: Bool
        public var detail: String
        /// The member the rule is about, and the shift they would receive.
        public var userId: Int64
        public var userName: String
        public var shiftId: Int64
        public var conflictingShiftIds: [Int64]

        public init(
            code: String, severity: WorkplaceSettings.Severity, overridable: Bool, detail: String, userId: Int64, userName: String, shiftId: Int64,
            conflictingShiftIds: [Int64]
        ) {
            self.code = code
            self.severity = severity
            self.overridable = overridable
            self.detail = detail
            self.userId = userId
            self.userName = userName
            self.shiftId = shiftId
            self.conflictingShiftIds = conflictingShiftIds
        }
    }

    /// The action's effect on one member's ISO week.
    public struct Effect: Codable, Sendable, Hashable {
        public var userId: Int64
        public var userName: String
        /// ISO week of the incoming shift, "2026-W23".
        public var week: String
        public var hoursBefore: Double
        public var hoursAfter: Double
        public var incomingShifts: [MarketShift]
        public var outgoingShifts: [MarketShift]
        public var conflictingShifts: [MarketShift]
        /// The member's week at their wages before and after, in cents of ``Cost/currency``: in a
        /// manager's preview, for a member with a wage; absent otherwise.
        public var costBeforeCents: Int?
        public var costAfterCents: Int?

        public init(
            userId: Int64, userName: String, week: String, hoursBefore: Double, hoursAfter: Double, incomingShifts: [MarketShift],
            outgoingShifts: [MarketShift], conflictingShifts: [MarketShift], costBeforeCents: Int? = nil, costAfterCents: Int? = nil
        ) {
            self.costBeforeCents = costBeforeCents
            self.costAfterCents = costAfterCents
            self.userId = userId
            self.userName = userName
            self.week = week
            self.hoursBefore = hoursBefore
            self.hoursAfter = hoursAfter
            self.incomingShifts = incomingShifts
            self.outgoingShifts = outgoingShifts
            self.conflictingShifts = conflictingShifts
        }
    }

    public var action: Action
    /// The shift the action is about (0 for `create`).
    public var shiftId: Int64
    /// Whether the action would be accepted now.
    public var allowed: Bool
    public var refusal: Refusal?
    /// Whether a manager's explicit override (`override: true` with a reason) would let it through.
    public var overridable: Bool
    public var rules: [Rule]
    public var effects: [Effect]
    /// What the action does to labour cost: in a manager's preview once the workplace set a wage
    /// or a budget; absent otherwise (and never in an employee's).
    public var cost: Cost?
    /// What the change would owe under the workplace's schedule-change rule (a manager's preview,
    /// once the workplace chose a rule and the change falls inside its notice window).
    public var premiums: [LedgerEntryView]?

    /// The workplace's labour cost of each ISO week the action touches, before and after.
    public struct Cost: Codable, Sendable, Hashable {
        /// ISO 4217; the cents below are of this currency.
        public var currency: String
        public var weeks: [Week]

        public init(currency: String, weeks: [Week]) {
            self.currency = currency
            self.weeks = weeks
        }

        public struct Week: Codable, Sendable, Hashable {
            /// "2026-W23".
            public var week: String
            public var beforeCents: Int
            public var afterCents: Int
            /// The workplace's weekly budget; absent without one.
            public var budgetCents: Int?
            /// The week would cost more than the budget after the action (a warning, never a refusal).
            public var overBudget: Bool

            public init(week: String, beforeCents: Int, afterCents: Int, budgetCents: Int? = nil, overBudget: Bool) {
                self.week = week
                self.beforeCents = beforeCents
                self.afterCents = afterCents
                self.budgetCents = budgetCents
                self.overBudget = overBudget
            }
        }
    }

    public init(
        action: Action, shiftId: Int64, allowed: Bool, refusal: Refusal? = nil, overridable: Bool, rules: [Rule], effects: [Effect],
        cost: Cost? = nil, premiums: [LedgerEntryView]? = nil
    ) {
        self.cost = cost
        self.premiums = premiums
        self.action = action
        self.shiftId = shiftId
        self.allowed = allowed
        self.refusal = refusal
        self.overridable = overridable
        self.rules = rules
        self.effects = effects
    }
}

extension ActionPreview {
    /// The action previewed (openapi.yaml `ActionPreview.action`); spelled like the `action` query
    /// value of the preview routes.
    public enum Action: APIWord {
        case pickUp
        case swap
        case acceptSuggestion
        /// A manager approving the deal that holds the shift.
        case approve
        /// A manager giving the shift to a member.
        case assign
        /// A manager adding a shift (`POST /shifts/preview`, `shiftId` 0).
        case create
        /// A manager changing a shift's time or position (`POST /shifts/{id}/edit/preview`).
        case edit
        /// An action of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.pickUp, .swap, .acceptSuggestion, .approve, .assign, .create, .edit]

        public var rawValue: String {
            switch self {
            case .pickUp: "pick-up"
            case .swap: "swap"
            case .acceptSuggestion: "accept-suggestion"
            case .approve: "approve"
            case .assign: "assign"
            case .create: "create"
            case .edit: "edit"
            case .unknown(let word): word
            }
        }
    }
}
