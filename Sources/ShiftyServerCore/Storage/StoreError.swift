/// What a store answers when the database says no: storage facts, not HTTP.
///
/// Stores (`ShiftStore`, `MarketplaceStore`, `AccountStore`, `NowBoardStore`) throw these; the HTTP
/// edge (`ProblemMiddleware`, through `Problem.init(_: StoreError)`) decides the status and the
/// stable code clients see, and the command line reports them in its own words.
package enum StoreError: Error, Sendable, Equatable {
    /// The workplace row is gone (deleted while a session still named it).
    case workplaceNotFound(workplaceID: Int64)
    /// Another workplace already uses the address.
    case workplaceSlugTaken(slug: String)
    /// Another member of the workplace already uses the username.
    case usernameTaken(username: String)
    /// PostgreSQL's `inet` parser refused one of a kiosk's network ranges.
    case networkRangeInvalid
}
