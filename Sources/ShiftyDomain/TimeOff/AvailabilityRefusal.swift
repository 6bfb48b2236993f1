/// Why a member's weekly availability was refused (``AvailabilityRules``).
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with) and ``field`` names the field a validation refusal is about. How a refusal reads and which
/// answer it gets is the edge's business, not the domain's.
public enum AvailabilityRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// An employee setting someone else's availability.
    case managerOnly
    /// More entries than ``AvailabilityRules/maximumEntries``.
    case tooManyEntries
    /// No such member in the workplace.
    case memberNotFound

    /// The fields a validation refusal can name, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case entries
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case managerOnly = "manager_only"
        case notFound = "not_found"
        case validationFailed = "validation_failed"
    }

    public var code: Code {
        switch self {
        case .managerOnly: .managerOnly
        case .tooManyEntries: .validationFailed
        case .memberNotFound: .notFound
        }
    }

    /// The field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        self == .tooManyEntries ? .entries : nil
    }

    public var description: String {
        field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
    }
}
