/// Why a monthly report or a chart was refused: the workplace or the member it is about is not
/// there.
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with). How a refusal reads and which answer it gets is the edge's business, not the domain's;
/// `shifty report` says it in its own words.
public enum ReportRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// No workplace at the address asked for.
    case workplaceNotFound
    /// No such member in the workplace's period.
    case memberNotFound

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case notFound = "not_found"
    }

    public var code: Code { .notFound }

    public var description: String {
        switch self {
        case .workplaceNotFound: "\(code.rawValue): workplace"
        case .memberNotFound: "\(code.rawValue): member"
        }
    }
}
