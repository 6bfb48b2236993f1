/// Why a password reset was refused: a manager's link for a member, a link asked for by e-mail,
/// or a link used.
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with). How a refusal reads and which answer it gets is the edge's business, not the domain's.
public enum PasswordResetRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// No such active member in the workplace.
    case memberNotFound
    /// A link by e-mail on a server that sends none.
    case emailDisabled
    /// Too many links asked for from the address: try again in `retryAfterSeconds`.
    case throttled(retryAfterSeconds: Int)
    /// The link is unknown, used or expired.
    case linkInvalid

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case notFound = "not_found"
        case emailDisabled = "email_disabled"
        case resetThrottled = "reset_throttled"
        case resetLinkInvalid = "reset_link_invalid"
    }

    public var code: Code {
        switch self {
        case .memberNotFound: .notFound
        case .emailDisabled: .emailDisabled
        case .throttled: .resetThrottled
        case .linkInvalid: .resetLinkInvalid
        }
    }

    public var description: String { code.rawValue }
}
