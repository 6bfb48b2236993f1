/// How a caller will present the session a login (or sign-up, workplace creation, password reset)
/// opens: the `client` field of those bodies (openapi.yaml `ClientKind`).
///
/// It is one enum for the wire and the server: the server's `SessionKind` is a typealias of this
/// type, so the value the terminal writes is the value the server stores with the session and
/// checks on every request (a cookie session must pass the Origin check on unsafe requests, a
/// bearer token is never sent by a browser on its own). Mapping between two enums of the same raw
/// values at the route edge would only add a place where they could drift apart.
public enum SessionKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// A browser's HttpOnly cookie (what the server assumes when `client` is left out).
    case cookie
    /// `Authorization: Bearer` from the terminal client or scripts: the server answers with the
    /// token and sets no cookie.
    case bearer
}
