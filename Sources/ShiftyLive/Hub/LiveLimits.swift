/// How much of one instance's live capacity one member may take.
///
/// Without caps one bearer token held 3,000 live connections (one account could fill the 18,744 the
/// process allows), and 100 connections of one employee each replaying 10,000 events kept the event
/// loops busy for 30 s. Per instance: a member connected to several instances counts on each.
public struct LiveLimits: Sendable, Hashable {
    /// Live connections of one session (a browser's tabs share their cookie session).
    public var connectionsPerSession: Int = 16
    /// Live connections of one member over all their sessions (browsers, `shifty watch`).
    public var connectionsPerUser: Int = 32
    /// Replays (catch-up and `resume`) of one session reading at the same time; more wait their turn.
    public var replaysPerSession: Int = 2
    /// Replays of one member reading at the same time; more wait their turn.
    public var replaysPerUser: Int = 4
    /// Events a replay reads, encodes and holds at once: the next page is read only after the socket
    /// took this one.
    public var replayPageSize: Int = 100

    public init() {}
}
