import ShiftyAPI

extension ShiftyAPI.LiveResyncRequired {
    /// The message as the text of one frame, keys in the order docs/live-protocol.md shows them
    /// (`type` first), as the server always wrote it (see `LiveResumed.text` for why not an
    /// encoder; checked by `APIWireGoldenTests.theLiveMessagesAreWrittenAsCapturedAndReadBack`).
    var text: String {
        #"{"type":\#(LiveMessageText.jsonString(type)),"after":\#(after),"oldestAvailableId":\#(oldestAvailableId),"newestEventId":\#(newestEventId)}"#
    }
}
