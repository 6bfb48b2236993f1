/// The live hub is where boards go: its `now` subscriber counts say which workplaces to compute,
/// and `broadcast` sends the shared frame to their connections.
extension LiveHub: NowBoardSink {
    package func workplacesWatchingNow() async -> [Int64] {
        workplaces(subscribedTo: .now)
    }

    package func publishNow(_ text: String, workplaceID: Int64) async {
        broadcast(text: text, workplaceID: workplaceID, topic: .now)
    }
}
