/// Why a schedule command outside the marketplace's own rules was refused: a one-off shift or a
/// change of one as typed (``ShiftDraft``), a fixed shift someone may not manage
/// (``ShiftRules``), a member or shift that is not there, a team schedule over too many days.
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with) and ``field`` names the field a validation refusal is about. How a refusal reads and which
/// answer it gets is the edge's business, not the domain's.
public enum ShiftRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// An employee managing someone else's fixed shifts (or a manager's step by anyone else).
    case managerOnly
    /// An employee managing their own fixed shifts where the workplace leaves that to managers.
    case fixedShiftsManagedByManagers
    /// No such member in the workplace.
    case memberNotFound
    /// No such shift in the workplace.
    case shiftNotFound
    /// No such active fixed shift in the workplace.
    case fixedShiftNotFound
    /// The shift is given to someone who is not a member of the workplace.
    case ownerNotMember
    /// The fixed shift is given to someone who is not an active member of the workplace.
    case ownerNotActiveMember
    /// A date field that is not `YYYY-MM-DD`.
    case malformedDate(Field)
    /// A start time that is not `HH:MM`.
    case malformedStartTime
    /// A length outside 1 to ``FixedShift/maximumDurationMinutes`` minutes.
    case durationOutOfRange
    /// A position longer than ``FixedShift/maximumPositionLabelLength`` characters.
    case positionTooLong
    /// A position with a line break or another control character (``SingleLine``).
    case positionNotOneLine
    /// A range of days that ends before it starts.
    case rangeBackwards
    /// A team schedule over more than ``ShiftRules/teamScheduleMaximumDays`` days.
    case rangeTooLong
    /// A plan or a look at the weeks' publication times over more than
    /// ``ShiftRules/planningMaximumDays`` days.
    case planningRangeTooLong

    /// The fields a validation refusal can name, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case date, from, to, startTime, durationMinutes, position, ownerId
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case managerOnly = "manager_only"
        case fixedShiftsManagedByManagers = "fixed_shifts_managed_by_managers"
        case notFound = "not_found"
        case validationFailed = "validation_failed"
    }

    public var code: Code {
        switch self {
        case .managerOnly: .managerOnly
        case .fixedShiftsManagedByManagers: .fixedShiftsManagedByManagers
        case .memberNotFound, .shiftNotFound, .fixedShiftNotFound: .notFound
        case .ownerNotMember, .ownerNotActiveMember, .malformedDate, .malformedStartTime, .durationOutOfRange, .positionTooLong,
             .positionNotOneLine, .rangeBackwards, .rangeTooLong, .planningRangeTooLong:
            .validationFailed
        }
    }

    /// The field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        switch self {
        case .ownerNotMember, .ownerNotActiveMember: .ownerId
        case .malformedDate(let field): field
        case .malformedStartTime: .startTime
        case .durationOutOfRange: .durationMinutes
        case .positionTooLong, .positionNotOneLine: .position
        case .rangeBackwards, .rangeTooLong, .planningRangeTooLong: .to
        case .managerOnly, .fixedShiftsManagedByManagers, .memberNotFound, .shiftNotFound, .fixedShiftNotFound: nil
        }
    }

    public var description: String {
        field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
    }
}
