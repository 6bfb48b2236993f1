/// The body of `POST /api/v1/requests/{id}/suggestions`: which of my shifts I suggest to a
/// coworker's request for extra work (the request's id is in the path).
///
/// Decoded by the server and encoded by `shifty suggest`, so both use the same key.
public struct SuggestBody: Codable, Sendable, Hashable {
    public var shiftId: Int64

    public init(shiftId: Int64) {
        self.shiftId = shiftId
    }
}
