import Foundation

/// A punch as the API shows it (openapi.yaml `Punch`), with the member's names so lists need no
/// second lookup: `GET /api/v1/punches`, a manager's added or moved punch, a kiosk punch's `punch`.
public struct PunchView: Codable, Sendable, Hashable {
    public var id: Int64
    public var userID: Int64
    public var username: String
    public var displayName: String
    @ISO8601Date public var at: Date
    /// The workplace-local calendar date of `at`.
    public var localDate: String
    public var kind: Kind
    /// Who recorded the punch.
    public var source: Source
    public var kioskName: String?
    /// The member's scheduled position on that local date, when they had a shift.
    public var position: String?

    public init(
        id: Int64, userID: Int64, username: String, displayName: String, at: Date, localDate: String, kind: Kind, source: Source,
        kioskName: String? = nil, position: String? = nil
    ) {
        self.id = id
        self.userID = userID
        self.username = username
        self.displayName = displayName
        self.at = at
        self.localDate = localDate
        self.kind = kind
        self.source = source
        self.kioskName = kioskName
        self.position = position
    }
}

extension PunchView {
    /// In, out, or a break's start or end (openapi.yaml `PunchKind`).
    public enum Kind: APIWord {
        case checkIn
        case checkOut
        case breakStart
        case breakEnd
        /// A kind of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.checkIn, .checkOut, .breakStart, .breakEnd]

        public var rawValue: String {
            switch self {
            case .checkIn: "in"
            case .checkOut: "out"
            case .breakStart: "break_start"
            case .breakEnd: "break_end"
            case .unknown(let word): word
            }
        }
    }

    /// Where a punch came from: a kiosk, a manager's edit, or the demo seed.
    public enum Source: APIWord {
        case kiosk
        case manager
        case demo
        /// A source of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.kiosk, .manager, .demo]

        public var rawValue: String {
            switch self {
            case .kiosk: "kiosk"
            case .manager: "manager"
            case .demo: "demo"
            case .unknown(let word): word
            }
        }
    }
}
