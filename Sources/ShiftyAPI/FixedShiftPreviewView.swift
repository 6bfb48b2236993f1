/// What saving a fixed shift would answer (openapi.yaml `FixedShiftPreview`): the answer of
/// `POST /fixed-shifts/preview`, `POST /fixed-shifts/{id}/preview` and
/// `POST /fixed-shift-requests/{id}/approve/preview`. Like ``ActionPreview``, but per week: every
/// rule one of the weeks it would generate breaks or warns about, with that week's date.
public struct FixedShiftPreviewView: Codable, Sendable, Hashable {
    /// What would be saved.
    public enum Action: APIWord {
        case create
        case edit
        case approve
        /// An action of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.create, .edit, .approve]

        public var rawValue: String {
            switch self {
            case .create: "create"
            case .edit: "edit"
            case .approve: "approve"
            case .unknown(let word): word
            }
        }
    }

    /// One rule one week breaks or warns about.
    public struct Rule: Codable, Sendable, Hashable {
        public var code: String
        public var severity: WorkplaceSettings.Severity
        public var overridable: Bool
        public var detail: String
        /// The week's date and local times.
        public var date: String
        public var startTime: String
        public var endTime: String
        public var userId: Int64
        public var userName: String
        /// The member's shifts it clashes with.
        public var conflictingShifts: [MarketShift]
        /// The member's other fixed shifts' weeks it clashes with that are not generated yet.
        public var conflictingFixedShifts: [FixedShiftWeek]

        public init(
            code: String, severity: WorkplaceSettings.Severity, overridable: Bool, detail: String, date: String, startTime: String,
            endTime: String, userId: Int64, userName: String, conflictingShifts: [MarketShift], conflictingFixedShifts: [FixedShiftWeek]
        ) {
            self.code = code
            self.severity = severity
            self.overridable = overridable
            self.detail = detail
            self.date = date
            self.startTime = startTime
            self.endTime = endTime
            self.userId = userId
            self.userName = userName
            self.conflictingShifts = conflictingShifts
            self.conflictingFixedShifts = conflictingFixedShifts
        }
    }

    /// One week of a fixed shift that is not generated yet.
    public struct FixedShiftWeek: Codable, Sendable, Hashable {
        public var fixedShiftId: Int64
        public var date: String

        public init(fixedShiftId: Int64, date: String) {
            self.fixedShiftId = fixedShiftId
            self.date = date
        }
    }

    public var action: Action
    /// The fixed shift (0 for a new one).
    public var fixedShiftId: Int64
    /// Whether the save would be accepted now.
    public var allowed: Bool
    public var refusal: ActionPreview.Refusal?
    /// Whether a manager's override (with a reason) would let it through.
    public var overridable: Bool
    /// Every date it would generate a shift on in the coming eight weeks.
    public var dates: [String]
    public var rules: [Rule]

    public init(
        action: Action, fixedShiftId: Int64, allowed: Bool, refusal: ActionPreview.Refusal? = nil, overridable: Bool, dates: [String],
        rules: [Rule]
    ) {
        self.action = action
        self.fixedShiftId = fixedShiftId
        self.allowed = allowed
        self.refusal = refusal
        self.overridable = overridable
        self.dates = dates
        self.rules = rules
    }
}
