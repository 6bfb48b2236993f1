/// Why a look at the marketplace, or the dates of a request for extra work, was refused before
/// the marketplace's rules were asked: a date that does not read, a deal the caller may not see,
/// a range of trades that runs backwards or over a year.
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with). How a refusal reads and which answer it gets is the edge's business, not the domain's.
public enum MarketplaceQueryRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The date at `index` of a request's dates is not `YYYY-MM-DD`.
    case malformedRequestDate(index: Int)
    /// No such deal in the workplace, or one the caller is not part of.
    case dealNotFound
    /// Trades asked for backwards or over more than ``longestTradesRangeDays`` days.
    case tradesRangeOutOfRange
    /// A preview of a swap without the shift offered for it.
    case swapPreviewWithoutOfferedShift
    /// A preview of an assignment without the member it would go to.
    case assignPreviewWithoutOwner

    /// The longest range of trades one look covers: a year, leap day included.
    public static let longestTradesRangeDays = 366

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case notFound = "not_found"
        case validationFailed = "validation_failed"
        case invalidParameter = "invalid_parameter"
    }

    public var code: Code {
        switch self {
        case .dealNotFound: .notFound
        case .malformedRequestDate, .tradesRangeOutOfRange: .validationFailed
        case .swapPreviewWithoutOfferedShift, .assignPreviewWithoutOwner: .invalidParameter
        }
    }

    /// The field or query parameter a refusal is about, spelled as on the wire (`dates.<index>`, `to`,
    /// `ownerId`).
    public var field: String? {
        switch self {
        case .malformedRequestDate(let index): "dates.\(index)"
        case .tradesRangeOutOfRange: "to"
        case .swapPreviewWithoutOfferedShift: "offeredShiftId"
        case .assignPreviewWithoutOwner: "ownerId"
        case .dealNotFound: nil
        }
    }

    public var description: String {
        field.map { "\(code.rawValue): \($0)" } ?? code.rawValue
    }
}
