/// Why the closed-day rules refused a command.
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with) and ``field`` names the body field a validation refusal is about. How a refusal reads and
/// which HTTP status it gets is the edge's business, not the domain's.
public enum ClosedDayRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Only a manager closes or reopens days, or sees what closing one would do.
    case managerOnly
    /// A date that is not `YYYY-MM-DD`.
    case malformedDate
    /// A name that is empty after trimming, or longer than ``ClosedDayDecider/maximumNameLength``.
    case nameLength
    /// A name with a line break or another control character (``SingleLine``).
    case nameNotOneLine
    /// Reopening a day that is not closed (or not a date at all).
    case notClosed
    /// An import with rows that cannot be read; nothing of it is imported.
    case invalidRows([ClosedDayCSV.RowError])

    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case date, name
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case managerOnly = "manager_only"
        case notFound = "not_found"
        case validationFailed = "validation_failed"
        case invalidCSV = "invalid_csv"
    }

    public var code: Code {
        switch self {
        case .managerOnly: .managerOnly
        case .notClosed: .notFound
        case .malformedDate, .nameLength, .nameNotOneLine: .validationFailed
        case .invalidRows: .invalidCSV
        }
    }

    /// The body field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        switch self {
        case .malformedDate: .date
        case .nameLength, .nameNotOneLine: .name
        case .managerOnly, .notClosed, .invalidRows: nil
        }
    }

    public var description: String {
        switch self {
        case .invalidRows(let rows): "\(code.rawValue): \(rows.count) rows"
        default: field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
        }
    }
}
