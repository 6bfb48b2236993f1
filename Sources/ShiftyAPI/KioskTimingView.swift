/// Early, late or on time, by how many minutes (`KioskPunchResult.timing`).
public struct KioskTimingView: Codable, Sendable, Hashable {
    public var verdict: Verdict
    public var minutes: Int

    public init(verdict: Verdict, minutes: Int) {
        self.verdict = verdict
        self.minutes = minutes
    }
}

extension KioskTimingView {
    /// A punch against its shift: within the schedule tolerance is on time.
    public enum Verdict: APIWord {
        case early
        case late
        case onTime
        /// A verdict of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.early, .late, .onTime]

        public var rawValue: String {
            switch self {
            case .early: "early"
            case .late: "late"
            case .onTime: "on_time"
            case .unknown(let word): word
            }
        }
    }
}
