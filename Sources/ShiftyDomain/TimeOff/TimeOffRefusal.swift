/// Why the time-off rules refused a command.
///
/// Each case is one situation; ``code`` is the stable string clients switch on (the same problem
/// codes the API has always answered with) and ``field`` names the body field a validation
/// refusal is about. How a refusal reads and which HTTP status it gets is the edge's business
/// (`Problem(_: TimeOffRefusal)` in the server), not the domain's.
public enum TimeOffRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Only a manager approves or declines.
    case managerOnly
    /// No such request in the workplace, or (for withdrawing) not the actor's own.
    case notFound
    /// The request was already approved, declined or withdrawn.
    case notPending(TimeOffID, TimeOffStatus)
    /// Only pending and approved requests can be withdrawn.
    case notWithdrawable(TimeOffID, TimeOffStatus)
    /// A date that is not `YYYY-MM-DD`.
    case malformedDate(Field)
    /// A time that is not `HH:MM`.
    case malformedTime(Field)
    case lastDateBeforeFirstDate
    /// Longer than ``TimeOffPeriod/maximumDays``.
    case tooManyDays
    /// A part of one day whose end is not after its start.
    case endTimeNotAfterStartTime
    /// The period covers no instant at all (a daylight-saving gap can do that).
    case emptyPeriod
    /// The period ended before the request was made.
    case alreadyOver
    /// Longer than ``TimeOffDecider/maximumReasonLength``.
    case reasonTooLong
    /// Longer than `Marketplace.maximumNoteLength`.
    case noteTooLong

    /// The body fields a validation refusal can name, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case firstDate, lastDate, startTime, endTime, reason, note
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case managerOnly = "manager_only"
        case notFound = "not_found"
        case timeOffNotPending = "time_off_not_pending"
        case timeOffNotWithdrawable = "time_off_not_withdrawable"
        case validationFailed = "validation_failed"
    }

    public var code: Code {
        switch self {
        case .managerOnly: .managerOnly
        case .notFound: .notFound
        case .notPending: .timeOffNotPending
        case .notWithdrawable: .timeOffNotWithdrawable
        case .malformedDate, .malformedTime, .lastDateBeforeFirstDate, .tooManyDays, .endTimeNotAfterStartTime,
             .emptyPeriod, .alreadyOver, .reasonTooLong, .noteTooLong:
            .validationFailed
        }
    }

    /// The body field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        switch self {
        case .managerOnly, .notFound, .notPending, .notWithdrawable: nil
        case .malformedDate(let field), .malformedTime(let field): field
        case .lastDateBeforeFirstDate, .tooManyDays, .alreadyOver: .lastDate
        case .endTimeNotAfterStartTime, .emptyPeriod: .endTime
        case .reasonTooLong: .reason
        case .noteTooLong: .note
        }
    }

    public var description: String {
        switch self {
        case .notPending(let id, let status), .notWithdrawable(let id, let status): "\(code.rawValue): \(id) is \(status.rawValue)"
        default: field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
        }
    }
}
