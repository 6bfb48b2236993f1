/// Body of POST /requests.
struct PostRequestsBody: Decodable, Sendable {
    /// "YYYY-MM-DD" dates on which the caller wants extra work.
    var dates: [String]
}

/// Body of POST /requests/{id}/suggestions.
struct SuggestBody: Decodable, Sendable {
    var shiftId: Int64
}

/// Body of POST /swaps.
struct ProposeSwapBody: Decodable, Sendable {
    var offeredShiftId: Int64
    var wantedShiftId: Int64
}
