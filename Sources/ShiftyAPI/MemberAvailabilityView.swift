/// One member's weekly availability (openapi.yaml `MemberAvailability`): `GET /api/v1/availability`,
/// the answer to setting it and the `availability.changed` event's data.
public struct MemberAvailabilityView: Codable, Sendable, Hashable {
    /// A weekly window (openapi.yaml `AvailabilityEntry`), in the workplace's time.
    public struct Entry: Codable, Sendable, Hashable {
        /// ISO weekday, 1 = Monday … 7 = Sunday.
        public var weekday: Int
        /// `HH:MM`.
        public var from: String
        /// `HH:MM`; at or before `from` the window runs past midnight.
        public var to: String
        public var kind: Kind

        public init(weekday: Int, from: String, to: String, kind: Kind) {
            self.weekday = weekday
            self.from = from
            self.to = to
            self.kind = kind
        }
    }

    public var userId: Int64
    public var entries: [Entry]

    public init(userId: Int64, entries: [Entry]) {
        self.userId = userId
        self.entries = entries
    }
}

extension MemberAvailabilityView.Entry {
    /// Whether the member cannot work then or would like to.
    public enum Kind: APIWord {
        case unavailable
        case preferred
        /// A kind of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.unavailable, .preferred]

        public var rawValue: String {
            switch self {
            case .unavailable: "unavailable"
            case .preferred: "preferred"
            case .unknown(let word): word
            }
        }
    }
}
