import Foundation

/// A member's request for time off as they typed it: dates and times still text, so that reading
/// them is a rule of the domain (each unreadable field is refused by name) and not of the wire.
public struct TimeOffDraft: Sendable, Hashable, Codable {
    /// `YYYY-MM-DD`.
    public var firstDate: String
    /// `YYYY-MM-DD`; absent means the same day as `firstDate`.
    public var lastDate: String?
    /// `HH:MM`; absent or empty means the start of the first day.
    public var startTime: String?
    /// `HH:MM`; absent or empty means the end of the last day.
    public var endTime: String?
    public var reason: String?

    public init(firstDate: String, lastDate: String? = nil, startTime: String? = nil, endTime: String? = nil, reason: String? = nil) {
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.startTime = startTime
        self.endTime = endTime
        self.reason = reason
    }

    /// The period the texts name, checked (``TimeOffPeriod/check()``).
    public func period() throws(TimeOffRefusal) -> TimeOffPeriod {
        guard let first = LocalDate(firstDate) else { throw .malformedDate(.firstDate) }
        var last = first
        if let lastDate {
            guard let date = LocalDate(lastDate) else { throw .malformedDate(.lastDate) }
            last = date
        }
        let period = TimeOffPeriod(
            firstDate: first, lastDate: last,
            startTime: try Self.time(startTime, .startTime), endTime: try Self.time(endTime, .endTime))
        try period.check()
        return period
    }

    /// The reason as kept: trimmed, at most ``TimeOffDecider/maximumReasonLength`` characters.
    public func trimmedReason() throws(TimeOffRefusal) -> String {
        let reason = (reason ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard reason.count <= TimeOffDecider.maximumReasonLength else { throw .reasonTooLong }
        return reason
    }

    private static func time(_ text: String?, _ field: TimeOffRefusal.Field) throws(TimeOffRefusal) -> LocalTime? {
        guard let text, !text.isEmpty else { return nil }
        guard let value = LocalTime(text) else { throw .malformedTime(field) }
        return value
    }
}
