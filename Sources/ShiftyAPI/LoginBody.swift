/// The body of `POST /api/v1/sessions` (openapi.yaml `Login`): which workplace, who, the password,
/// and how the session will be presented.
///
/// The server decodes this type at the route edge and the terminal encodes it for `shifty login`,
/// so a field renamed or made optional in one of them is renamed in both. `client` is optional on
/// the wire because browsers leave it out (they get a cookie); the terminal always sends `bearer`.
public struct LoginBody: Codable, Sendable, Hashable {
    /// The workplace's slug.
    public var workplace: String
    public var username: String
    public var password: String
    /// `bearer` for the terminal (no cookie is set); nil (left out) means `cookie`.
    public var client: SessionKind?

    public init(workplace: String, username: String, password: String, client: SessionKind? = nil) {
        self.workplace = workplace
        self.username = username
        self.password = password
        self.client = client
    }
}
