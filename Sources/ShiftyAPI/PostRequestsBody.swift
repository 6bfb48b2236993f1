/// The body of `POST /api/v1/requests`: the dates on which the caller asks for extra work (the
/// server opens one request per date).
///
/// Decoded by the server and encoded by `shifty request`, so both read and write the same key.
public struct PostRequestsBody: Codable, Sendable, Hashable {
    /// Local dates, `YYYY-MM-DD`.
    public var dates: [String]

    public init(dates: [String]) {
        self.dates = dates
    }
}
