import Foundation
import ShiftyDomain

/// What the charts draw: worked hours per day, optionally smoothed, and hours by position.
public struct ChartData: Codable, Sendable, Equatable {
    public struct Day: Codable, Sendable, Equatable {
        public var date: LocalDate
        public var workedMinutes: Int
    }

    public struct Position: Codable, Sendable, Equatable {
        /// `null` for worked time outside any scheduled shift.
        public var position: String?
        public var workedMinutes: Int
        public var scheduledMinutes: Int
    }

    public var range: String
    public var from: LocalDate
    public var to: LocalDate
    /// `null` for the whole workplace.
    public var userID: Int64?
    public var days: [Day]
    /// Seed 004's smoothing: the daily hours split into 20 equal parts, each averaged (hours).
    /// Only when asked for with `smooth=true`.
    public var smoothedHours: [Double]?
    public var byPosition: [Position]
    public var totalWorkedMinutes: Int
}
