/// The body of `POST /api/v1/time-off`: the period asked for and why.
///
/// Whole days when there are no times; `startTime` starts the first day later and `endTime` ends
/// the last day earlier (a part day). The values stay text here, as they are on the wire: the
/// server checks and turns them into its period at its edge (so a bad date or time is a 422 naming
/// the field), and the terminal writes what the member typed after its own date check.
public struct RequestTimeOffBody: Codable, Sendable, Hashable {
    /// The first day, `YYYY-MM-DD`.
    public var firstDate: String
    /// The last day, `YYYY-MM-DD`; nil means the first day only.
    public var lastDate: String?
    /// `HH:MM` on the first day; nil means from the start of the day.
    public var startTime: String?
    /// `HH:MM` on the last day; nil means to the end of the day.
    public var endTime: String?
    /// Why (the managers see it).
    public var reason: String?

    public init(firstDate: String, lastDate: String? = nil, startTime: String? = nil, endTime: String? = nil, reason: String? = nil) {
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.startTime = startTime
        self.endTime = endTime
        self.reason = reason
    }
}
