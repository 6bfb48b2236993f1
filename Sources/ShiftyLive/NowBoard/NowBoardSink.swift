/// Where `NowBoardPublisher` sends boards: the live hub, which knows which workplaces have
/// connections subscribed to the `now` topic and delivers a text frame to them.
///
/// A protocol rather than the hub itself so the publisher is tested without sockets and does not
/// depend on how the hub keeps its connections.
package protocol NowBoardSink: Sendable {
    /// Workplaces with at least one local connection subscribed to `now`.
    func workplacesWatchingNow() async -> [Int64]
    /// Sends `text` (a complete `now` message) to the workplace's connections subscribed to `now`.
    func publishNow(_ text: String, workplaceID: Int64) async
}
