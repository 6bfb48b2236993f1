import Foundation

/// What the kiosk shows after a punch (openapi.yaml `KioskPunchResult`): who, in or out, and their
/// hours so far. The answer to `POST /api/v1/kiosk/punches`.
public struct KioskPunchResult: Codable, Sendable, Hashable {
    public var punch: PunchView
    public var action: Action
    public var displayName: String
    public var workedMinutesToday: Int
    public var workedMinutesThisWeek: Int
    /// The member's current or next shift (within 12 hours), when they have one.
    public var shift: KioskShiftView?
    /// Early, late or on time against that shift (check-ins against its start, check-outs against its end).
    public var timing: KioskTimingView?
    /// The workplace's time zone: the kiosk shows every time in it, not in the tablet's.
    public var timeZone: String

    public init(
        punch: PunchView, action: Action, displayName: String, workedMinutesToday: Int, workedMinutesThisWeek: Int,
        shift: KioskShiftView? = nil, timing: KioskTimingView? = nil, timeZone: String
    ) {
        self.punch = punch
        self.action = action
        self.displayName = displayName
        self.workedMinutesToday = workedMinutesToday
        self.workedMinutesThisWeek = workedMinutesThisWeek
        self.shift = shift
        self.timing = timing
        self.timeZone = timeZone
    }
}

extension KioskPunchResult {
    /// What the punch did, as the kiosk says it.
    public enum Action: APIWord {
        case checkedIn
        case checkedOut
        case breakStarted
        case breakEnded
        /// An action of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.checkedIn, .checkedOut, .breakStarted, .breakEnded]

        public var rawValue: String {
            switch self {
            case .checkedIn: "checked_in"
            case .checkedOut: "checked_out"
            case .breakStarted: "break_started"
            case .breakEnded: "break_ended"
            case .unknown(let word): word
            }
        }
    }
}
