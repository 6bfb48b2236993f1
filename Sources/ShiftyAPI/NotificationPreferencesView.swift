/// A member's notification preferences as the Account page shows them, with what this server can
/// send at all (openapi.yaml `NotificationPreferences`): `GET`/`PUT /api/v1/me/notification-preferences`.
public struct NotificationPreferencesView: Codable, Sendable, Hashable {
    /// What a notification is about.
    public enum Kind: APIWord {
        case decision
        case suggestion
        case shiftChange
        case reminder
        case offer
        case timeOff
        case fixedShiftRequest
        /// A kind of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.decision, .suggestion, .shiftChange, .reminder, .offer, .timeOff, .fixedShiftRequest]

        public var rawValue: String {
            switch self {
            case .decision: "decision"
            case .suggestion: "suggestion"
            case .shiftChange: "shiftChange"
            case .reminder: "reminder"
            case .offer: "offer"
            case .timeOff: "timeOff"
            case .fixedShiftRequest: "fixedShiftRequest"
            case .unknown(let word): word
            }
        }
    }

    /// Where a notification goes.
    public enum Channel: APIWord {
        /// The page's notifications list and live stream.
        case inApp
        case email
        /// Web Push to a browser or phone.
        case push
        /// A channel of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.inApp, .email, .push]

        public var rawValue: String {
            switch self {
            case .inApp: "inApp"
            case .email: "email"
            case .push: "push"
            case .unknown(let word): word
            }
        }
    }

    /// One kind of notification and the channels it goes out on.
    public struct Choice: Codable, Sendable, Hashable {
        public var kind: Kind
        public var channels: [Channel]
        public var defaultChannels: [Channel]

        public init(kind: Kind, channels: [Channel], defaultChannels: [Channel]) {
            self.kind = kind
            self.channels = channels
            self.defaultChannels = defaultChannels
        }
    }

    /// Quiet hours, "HH:MM" to "HH:MM" on the workplace's clock (may wrap past midnight).
    public struct Window: Codable, Sendable, Hashable {
        public var start: String
        public var end: String

        public init(start: String, end: String) {
            self.start = start
            self.end = end
        }
    }

    public var emailEnabled: Bool
    public var pushEnabled: Bool
    /// Whether the member has an e-mail address to send to (a manager sets it on the Team page).
    public var hasEmailAddress: Bool
    public var kinds: [Choice]
    public var quietHours: Window?
    public var digest: Bool
    public var digestTime: String
    /// Quiet hours and the digest follow the workplace's clock.
    public var timeZone: String

    public init(
        emailEnabled: Bool, pushEnabled: Bool, hasEmailAddress: Bool, kinds: [Choice], quietHours: Window? = nil, digest: Bool,
        digestTime: String, timeZone: String
    ) {
        self.emailEnabled = emailEnabled
        self.pushEnabled = pushEnabled
        self.hasEmailAddress = hasEmailAddress
        self.kinds = kinds
        self.quietHours = quietHours
        self.digest = digest
        self.digestTime = digestTime
        self.timeZone = timeZone
    }
}
