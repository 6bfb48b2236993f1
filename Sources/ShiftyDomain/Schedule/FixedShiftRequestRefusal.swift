/// Why the fixed-shift request rules refused a command.
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with) and ``field`` names the body field a validation refusal is about. How a refusal reads and
/// which HTTP status it gets is the edge's business, not the domain's.
public enum FixedShiftRequestRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Only a manager approves or declines.
    case managerOnly
    /// No such request in the workplace, or (for withdrawing) not the actor's own.
    case requestNotFound
    /// The request was already approved, declined or withdrawn.
    case notPending(FixedShiftRequestID, FixedShiftRequestStatus)
    /// The request can no longer be applied; a manager declines it instead.
    case outdated(FixedShiftRequestID, Outdated)
    /// A kind other than add, change or end.
    case unknownKind
    /// Longer than ``FixedShiftRequestDecider/maximumReasonLength``.
    case reasonTooLong
    /// Longer than `Marketplace.maximumNoteLength` (notes read the same everywhere).
    case noteTooLong
    /// An add names a fixed shift.
    case fixedShiftGiven
    /// A change or an end names no fixed shift.
    case fixedShiftMissing(FixedShiftRequestKind)
    /// An add leaves out a field it needs (``Field/weekday``, ``Field/startTime`` or ``Field/durationMinutes``).
    case missing(Field)
    /// The fixed shift a change or an end names is not one of the member's running fixed shifts.
    case fixedShiftNotFound
    /// A change that names no field.
    case nothingChanges
    /// The proposed fixed shift breaks a fixed shift's own rules.
    case proposal(FixedShiftDraftRefusal)

    /// Why a request no longer applies.
    public enum Outdated: String, Sendable, Hashable, Codable, CaseIterable {
        /// Its fixed shift no longer exists.
        case gone
        /// Its fixed shift was ended meanwhile (or changed hands).
        case ended
        /// Its member is no longer an active member (an add).
        case memberInactive
    }

    /// The body fields a validation refusal can name, spelled as on the wire (`body`: the body as a whole).
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case kind, fixedShiftId, weekday, startTime, durationMinutes, position, validFrom, validUntil, reason, note, body
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case managerOnly = "manager_only"
        case notFound = "not_found"
        case fixedShiftRequestNotPending = "fixed_shift_request_not_pending"
        case fixedShiftRequestOutdated = "fixed_shift_request_outdated"
        case validationFailed = "validation_failed"
    }

    public var code: Code {
        switch self {
        case .managerOnly: .managerOnly
        case .requestNotFound, .fixedShiftNotFound: .notFound
        case .notPending: .fixedShiftRequestNotPending
        case .outdated: .fixedShiftRequestOutdated
        case .unknownKind, .reasonTooLong, .noteTooLong, .fixedShiftGiven, .fixedShiftMissing, .missing, .nothingChanges, .proposal:
            .validationFailed
        }
    }

    /// The body field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        switch self {
        case .managerOnly, .requestNotFound, .notPending, .outdated, .fixedShiftNotFound: nil
        case .unknownKind: .kind
        case .reasonTooLong: .reason
        case .noteTooLong: .note
        case .fixedShiftGiven, .fixedShiftMissing: .fixedShiftId
        case .missing(let field): field
        case .nothingChanges: .body
        case .proposal(let refusal): Field(rawValue: refusal.field.rawValue)
        }
    }

    public var description: String {
        switch self {
        case .notPending(let id, let status): "\(code.rawValue): \(id) is \(status.rawValue)"
        case .outdated(let id, let why): "\(code.rawValue): \(id) \(why.rawValue)"
        default: field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
        }
    }
}
