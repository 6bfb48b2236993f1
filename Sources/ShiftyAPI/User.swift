/// A member as the API shows them (openapi.yaml `User`): a login answer's `user`, the member
/// lists and `GET /api/v1/me`. Never carries a password hash. The server writes its member value
/// through this type; the terminal decodes it from a login answer.
public struct User: Codable, Sendable, Hashable {
    public var id: Int64
    public var workplaceID: Int64
    public var username: String
    public var displayName: String
    /// Left out when the member has none.
    public var email: String?
    /// `true` when the stored `email` is not an address Shifty mails (it was stored before
    /// addresses were checked); left out otherwise. Nothing is sent to it until it is corrected.
    public var emailInvalid: Bool?
    public var role: Role
    /// How the timeclock counts their month.
    public var payType: PayType
    public var active: Bool

    public init(
        id: Int64, workplaceID: Int64, username: String, displayName: String, email: String? = nil, emailInvalid: Bool? = nil,
        role: Role, payType: PayType, active: Bool
    ) {
        self.id = id
        self.workplaceID = workplaceID
        self.username = username
        self.displayName = displayName
        self.email = email
        self.emailInvalid = emailInvalid
        self.role = role
        self.payType = payType
        self.active = active
    }
}

extension User {
    /// What a member may do in their workplace (openapi.yaml `Role`).
    public enum Role: APIWord {
        case employee
        /// Plans the schedule, decides deals and time off, manages members.
        case manager
        /// A role of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.employee, .manager]

        public var rawValue: String {
            switch self {
            case .employee: "employee"
            case .manager: "manager"
            case .unknown(let word): word
            }
        }
    }

    /// How a member is paid, which decides how the timeclock counts their month (openapi.yaml `PayType`).
    public enum PayType: APIWord {
        case normal
        /// Paid extra for few absences: absences are counted, up to a monthly cap.
        case diligence
        /// A pay type of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.normal, .diligence]

        public var rawValue: String {
            switch self {
            case .normal: "normal"
            case .diligence: "diligence"
            case .unknown(let word): word
            }
        }
    }
}
