/// Why the timesheet rules refused a command: reviewing, approving or unlocking a period, or a punch
/// edit on a locked day.
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with) and ``field`` names the field a validation refusal is about. How a refusal reads and which
/// HTTP status it gets is the edge's business, not the domain's.
public enum TimesheetRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Only a manager reviews, approves or unlocks.
    case managerOnly
    /// The period runs backwards or is longer than ``TimesheetDecider/longestPeriodDays``.
    case periodOutOfRange
    /// The period is not over yet (it must end before today).
    case periodNotOver
    /// A review's threshold outside ``TimesheetDecider/thresholdMinutes``.
    case thresholdOutOfRange
    /// The member asked for is not in the workplace's period.
    case memberNotFound
    /// No locked approval by that id in the workplace.
    case approvalNotFound
    /// A reason for changing hours that is empty or longer than ``TimesheetDecider/maximumReasonLength``.
    case reasonLength
    /// A punch edit touching `date`, a day of the locked `approval`.
    case locked(date: LocalDate, approval: TimesheetApprovalID)

    /// The fields a validation refusal can name, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case to, threshold, reason
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case managerOnly = "manager_only"
        case notFound = "not_found"
        case validationFailed = "validation_failed"
        case timesheetLocked = "timesheet_locked"
    }

    public var code: Code {
        switch self {
        case .managerOnly: .managerOnly
        case .memberNotFound, .approvalNotFound: .notFound
        case .periodOutOfRange, .periodNotOver, .thresholdOutOfRange, .reasonLength: .validationFailed
        case .locked: .timesheetLocked
        }
    }

    /// The field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        switch self {
        case .periodOutOfRange, .periodNotOver: .to
        case .thresholdOutOfRange: .threshold
        case .reasonLength: .reason
        case .managerOnly, .memberNotFound, .approvalNotFound, .locked: nil
        }
    }

    public var description: String {
        switch self {
        case .locked(let date, let approval): "\(code.rawValue): \(date) in approval \(approval)"
        default: field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
        }
    }
}
