/// A weekly recurring shift ("every Tuesday 09:00 for 8 hours"), the seed's `FixedShifts` row.
///
/// Concrete shifts are generated from it eight weeks ahead; trading happens on those
/// occurrences, never on the rule.
public struct FixedShift: Sendable, Hashable, Codable {
    public var id: FixedShiftID
    public var owner: UserID
    public var weekday: Weekday
    /// Local wall-clock start.
    public var startTime: LocalTime
    /// Elapsed length in minutes, 1…1440; may run past midnight.
    public var durationMinutes: Int
    /// Optional role or position ("bar", "kitchen").
    public var positionLabel: String?
    /// First date the rule applies to (inclusive).
    public var validFrom: LocalDate
    /// Last date the rule applies to (inclusive); `nil` means open-ended.
    public var validUntil: LocalDate?

    /// Why a rule was refused.
    public enum ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
        case durationOutOfRange(Int)
        case validUntilBeforeValidFrom(LocalDate, LocalDate)
        case positionLabelTooLong(Int)

        public var description: String {
            switch self {
            case .durationOutOfRange(let minutes):
                "A shift lasts between 1 and \(FixedShift.maximumDurationMinutes) minutes, not \(minutes)."
            case .validUntilBeforeValidFrom(let from, let until):
                "The rule ends (\(until)) before it starts (\(from))."
            case .positionLabelTooLong(let length):
                "Position labels are limited to \(FixedShift.maximumPositionLabelLength) characters, not \(length)."
            }
        }
    }

    public static let maximumDurationMinutes = 24 * 60
    public static let maximumPositionLabelLength = 100

    public init(
        id: FixedShiftID, owner: UserID, weekday: Weekday, startTime: LocalTime, durationMinutes: Int,
        positionLabel: String? = nil, validFrom: LocalDate, validUntil: LocalDate? = nil
    ) throws(ValidationError) {
        guard (1...FixedShift.maximumDurationMinutes).contains(durationMinutes) else {
            throw .durationOutOfRange(durationMinutes)
        }
        if let validUntil, validUntil < validFrom {
            throw .validUntilBeforeValidFrom(validFrom, validUntil)
        }
        if let positionLabel, positionLabel.count > FixedShift.maximumPositionLabelLength {
            throw .positionLabelTooLong(positionLabel.count)
        }
        self.id = id
        self.owner = owner
        self.weekday = weekday
        self.startTime = startTime
        self.durationMinutes = durationMinutes
        self.positionLabel = positionLabel
        self.validFrom = validFrom
        self.validUntil = validUntil
    }

    /// Whether the rule applies on `date` (right weekday, inside the validity range).
    public func applies(on date: LocalDate) -> Bool {
        date.weekday == weekday && date >= validFrom && (validUntil.map { date <= $0 } ?? true)
    }
}
