/// Why a member's qualifications or own hour limits were refused (``QualificationRules``).
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with) and ``field`` names the field a validation refusal is about. How a refusal reads and which
/// answer it gets is the edge's business, not the domain's.
public enum QualificationRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// A position name outside ``QualificationRules/positionLength`` characters.
    case positionLength
    /// A position name with a line break or another control character (``SingleLine``).
    case positionNotOneLine
    /// More positions than ``QualificationRules/maximumPositions``.
    case tooManyPositions
    /// An hour limit outside ``QualificationRules/hourLimit``.
    case hourLimitOutOfRange(Field)
    /// No such member in the workplace.
    case memberNotFound

    /// The fields a validation refusal can name, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case positions, maxWeeklyHours, minRestHours, maxConsecutiveDays, maxShiftHours
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case notFound = "not_found"
        case validationFailed = "validation_failed"
    }

    public var code: Code {
        switch self {
        case .memberNotFound: .notFound
        case .positionLength, .positionNotOneLine, .tooManyPositions, .hourLimitOutOfRange: .validationFailed
        }
    }

    /// The field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        switch self {
        case .positionLength, .positionNotOneLine, .tooManyPositions: .positions
        case .hourLimitOutOfRange(let field): field
        case .memberNotFound: nil
        }
    }

    public var description: String {
        field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
    }
}
