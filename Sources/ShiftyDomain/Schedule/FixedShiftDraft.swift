import Foundation

/// A fixed shift as a client typed it: times and dates still text, so that reading them is a rule
/// of the domain (each unreadable field refused by name) and not of the wire. The fixed-shift
/// routes and fixed-shift requests check their proposals through it alike.
public struct FixedShiftDraft: Sendable, Hashable, Codable {
    /// ISO weekday, 1 (Monday) to 7 (Sunday).
    public var weekday: Int
    /// `HH:MM`.
    public var startTime: String
    public var durationMinutes: Int
    /// Trimmed here; empty means none.
    public var position: String?
    /// `YYYY-MM-DD`.
    public var validFrom: String
    /// `YYYY-MM-DD`; absent means open-ended.
    public var validUntil: String?

    public init(
        weekday: Int, startTime: String, durationMinutes: Int, position: String? = nil, validFrom: String, validUntil: String? = nil
    ) {
        self.weekday = weekday
        self.startTime = startTime
        self.durationMinutes = durationMinutes
        self.position = position
        self.validFrom = validFrom
        self.validUntil = validUntil
    }

    /// The fixed shift the draft describes, checked field by field in the order of the body, then
    /// by ``FixedShift``'s own rules.
    public func rule(id: FixedShiftID, owner: UserID) throws(FixedShiftDraftRefusal) -> FixedShift {
        guard let day = Weekday(rawValue: weekday) else { throw .weekdayOutOfRange }
        guard let start = LocalTime(startTime) else { throw .malformedStartTime }
        guard let from = LocalDate(validFrom) else { throw .malformedValidFrom }
        var until: LocalDate?
        if let validUntil {
            guard let parsed = LocalDate(validUntil) else { throw .malformedValidUntil }
            until = parsed
        }
        let label = position.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0.trimmingCharacters(in: .whitespaces) }
        if let label, SingleLine.hasControlCharacters(label) { throw .positionNotOneLine }
        do {
            return try FixedShift(
                id: id, owner: owner, weekday: day, startTime: start, durationMinutes: durationMinutes, positionLabel: label,
                validFrom: from, validUntil: until)
        } catch {
            switch error {
            case .durationOutOfRange: throw .durationOutOfRange
            case .validUntilBeforeValidFrom: throw .validUntilBeforeValidFrom
            case .positionLabelTooLong: throw .positionTooLong
            }
        }
    }
}

/// Why a fixed shift as typed (``FixedShiftDraft``) was refused; ``field`` names the body field.
public enum FixedShiftDraftRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case weekdayOutOfRange
    case malformedStartTime
    case malformedValidFrom
    case malformedValidUntil
    /// A position with a line break or another control character (``SingleLine``).
    case positionNotOneLine
    /// Not 1 to ``FixedShift/maximumDurationMinutes`` minutes.
    case durationOutOfRange
    case validUntilBeforeValidFrom
    /// Longer than ``FixedShift/maximumPositionLabelLength``.
    case positionTooLong

    /// The body fields, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case weekday, startTime, durationMinutes, position, validFrom, validUntil
    }

    public var field: Field {
        switch self {
        case .weekdayOutOfRange: .weekday
        case .malformedStartTime: .startTime
        case .malformedValidFrom: .validFrom
        case .malformedValidUntil, .validUntilBeforeValidFrom: .validUntil
        case .positionNotOneLine, .positionTooLong: .position
        case .durationOutOfRange: .durationMinutes
        }
    }

    /// The stable code, the API's problem code: every refusal is a field that is not right.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case validationFailed = "validation_failed"
    }

    public var code: Code { .validationFailed }

    public var description: String { "\(code.rawValue): \(field.rawValue)" }
}
