/// What a fixed-shift request proposes, field by field as typed: an add's new fixed shift (weekday,
/// start and length required), or a change's new values (absent: unchanged; `position: ""` clears
/// it). An end proposes nothing.
public struct FixedShiftProposal: Sendable, Hashable, Codable {
    public var weekday: Int?
    /// `HH:MM`.
    public var startTime: String?
    public var durationMinutes: Int?
    public var position: String?
    /// `YYYY-MM-DD`; an add without it starts on the day it is approved.
    public var validFrom: String?
    /// `YYYY-MM-DD`.
    public var validUntil: String?

    public init(
        weekday: Int? = nil, startTime: String? = nil, durationMinutes: Int? = nil, position: String? = nil,
        validFrom: String? = nil, validUntil: String? = nil
    ) {
        self.weekday = weekday
        self.startTime = startTime
        self.durationMinutes = durationMinutes
        self.position = position
        self.validFrom = validFrom
        self.validUntil = validUntil
    }

    /// Whether it names any field at all (a change must).
    public var namesAnything: Bool {
        weekday != nil || startTime != nil || durationMinutes != nil || position != nil || validFrom != nil || validUntil != nil
    }

    /// An add's fixed shift, starting `today` unless it names its first day; `nil` while a required
    /// field is missing.
    public func added(from today: LocalDate) -> FixedShiftDraft? {
        guard let weekday, let startTime, let durationMinutes else { return nil }
        return FixedShiftDraft(
            weekday: weekday, startTime: startTime, durationMinutes: durationMinutes, position: position,
            validFrom: validFrom ?? today.description, validUntil: validUntil)
    }

    /// `current` with the fields this names.
    public func applied(to current: FixedShift) -> FixedShiftDraft {
        FixedShiftDraft(
            weekday: weekday ?? current.weekday.rawValue, startTime: startTime ?? current.startTime.description,
            durationMinutes: durationMinutes ?? current.durationMinutes, position: position ?? current.positionLabel,
            validFrom: validFrom ?? current.validFrom.description, validUntil: validUntil ?? current.validUntil?.description)
    }
}
