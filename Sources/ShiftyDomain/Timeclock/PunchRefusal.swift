/// Why a manager's punch edit, or a look at a member's days, was refused (``PunchEditDecider``).
/// A reason that is missing and a day that is locked are ``TimesheetRefusal``s.
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with) and ``field`` names the field a validation refusal is about. How a refusal reads and which
/// answer it gets is the edge's business, not the domain's.
public enum PunchRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// A punch set later than ``PunchEditDecider/futureSlack`` from now.
    case inFuture
    /// A punch set before ``PunchEditDecider/earliest``.
    case beforeEarliest
    /// A move that sends neither a new time nor a new kind.
    case nothingToChange
    /// No such punch in the workplace.
    case punchNotFound
    /// No such member in the workplace (or one an employee may not look at).
    case memberNotFound
    /// Days asked for backwards or over more than ``PunchEditDecider/longestDaysRange`` days.
    case daysOutOfRange

    /// The fields a validation refusal can name, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case at, to
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case notFound = "not_found"
        case validationFailed = "validation_failed"
        case punchInFuture = "punch_in_future"
    }

    public var code: Code {
        switch self {
        case .inFuture: .punchInFuture
        case .beforeEarliest, .nothingToChange, .daysOutOfRange: .validationFailed
        case .punchNotFound, .memberNotFound: .notFound
        }
    }

    /// The field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        switch self {
        case .beforeEarliest, .nothingToChange: .at
        case .daysOutOfRange: .to
        case .inFuture, .punchNotFound, .memberNotFound: nil
        }
    }

    public var description: String {
        field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
    }
}
