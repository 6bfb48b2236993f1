/// Why a member's employment terms (or their hours) were refused (``EmploymentRules``).
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with) and ``field`` names the field a validation refusal is about. How a refusal reads and which
/// answer it gets is the edge's business, not the domain's.
public enum EmploymentRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// No such member in the workplace (or one an employee may not look at).
    case memberNotFound
    /// A contract of less than nothing or more than a week's minutes (``EmploymentRules/contractMinutesPerWeek``).
    case contractOutOfRange
    /// An employment that ends before it starts.
    case endBeforeStart

    /// The fields a validation refusal can name, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case contractMinutesPerWeek, end
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case notFound = "not_found"
        case validationFailed = "validation_failed"
    }

    public var code: Code {
        switch self {
        case .memberNotFound: .notFound
        case .contractOutOfRange, .endBeforeStart: .validationFailed
        }
    }

    /// The field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        switch self {
        case .contractOutOfRange: .contractMinutesPerWeek
        case .endBeforeStart: .end
        case .memberNotFound: nil
        }
    }

    public var description: String {
        field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
    }
}
