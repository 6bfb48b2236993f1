/// Why a coverage need was refused; the server's edge gives each its problem code and sentence.
public enum CoverageNeedRefusal: Error, Sendable, Hashable {
    /// Not 1 (Monday) to 7 (Sunday).
    case weekdayOutOfRange
    case malformedTime(Field)
    /// Start and end are the same time.
    case emptyWindow
    /// Fewer than 1 or more than ``CoverageNeed/maximumHeadcount`` people.
    case headcountOutOfRange
    case positionTooLong
    case positionNotOneLine

    /// The field of a need each refusal is about, named as the API names it.
    public enum Field: String, Sendable, Hashable {
        case weekday, startTime, endTime, position, headcount
    }

    public var field: Field {
        switch self {
        case .weekdayOutOfRange: .weekday
        case .malformedTime(let field): field
        case .emptyWindow: .endTime
        case .headcountOutOfRange: .headcount
        case .positionTooLong, .positionNotOneLine: .position
        }
    }
}

/// Why a workplace's list of coverage needs was refused: too long, or one need (by its place in
/// the list, from 0) is not right.
public enum CoverageNeedListRefusal: Error, Sendable, Hashable {
    case tooManyNeeds
    case need(at: Int, CoverageNeedRefusal)
}
