import Foundation

/// What the kiosk tells somebody right after a punch: how their punch compares with the shift
/// they are on (or about to start).
public struct PunchTiming: Sendable, Hashable, Codable {
    public enum Verdict: String, Sendable, Hashable, Codable {
        case early, late
        case onTime = "on_time"
    }

    /// The shift the punch was judged against.
    public var shift: ShiftInterval
    public var verdict: Verdict
    /// How early or late, in whole minutes (0 when on time).
    public var minutes: Int

    /// The shift a punch at `now` belongs to: the one running now, else the next one starting
    /// within `lookAhead`, else (for a check-out) the one that ended most recently within `lookAhead`.
    public static func relevantShift(for kind: Punch.Kind, at now: Date, among shifts: [ShiftInterval], lookAhead: TimeInterval = 12 * 3600) -> ShiftInterval? {
        let sorted = shifts.sorted { $0.start < $1.start }
        if let current = sorted.first(where: { $0.start <= now && now < $0.end }) { return current }
        if kind == .checkOut || kind == .breakEnd || kind == .breakStart {
            if let ended = sorted.last(where: { $0.end <= now && now.timeIntervalSince($0.end) <= lookAhead }) { return ended }
        }
        return sorted.first { $0.start > now && $0.start.timeIntervalSince(now) <= lookAhead }
    }

    /// A check-in is compared with the shift's start, a check-out with its end; within
    /// `toleranceMinutes` it is on time. Break punches are not judged (`nil`).
    public static func judge(_ kind: Punch.Kind, at now: Date, shift: ShiftInterval, toleranceMinutes: Int) -> PunchTiming? {
        let reference: Date
        switch kind {
        case .checkIn: reference = shift.start
        case .checkOut: reference = shift.end
        case .breakStart, .breakEnd: return nil
        }
        let minutes = Int((now.timeIntervalSince(reference) / 60).rounded(.towardZero))
        if abs(minutes) <= toleranceMinutes { return PunchTiming(shift: shift, verdict: .onTime, minutes: 0) }
        return PunchTiming(shift: shift, verdict: minutes > 0 ? .late : .early, minutes: abs(minutes))
    }
}
