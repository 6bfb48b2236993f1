import ShiftyAPI

extension ShiftyAPI.LiveResumed {
    /// The message as the text of one frame, keys in the order docs/live-protocol.md shows them
    /// (`type` first), as the server always wrote it. A sorted-keys encoder would move `type` last
    /// and Foundation's unsorted encoder keeps no order at all; the fields are integers, so the
    /// text is exact (`APIWireGoldenTests.theLiveMessagesAreWrittenAsCapturedAndReadBack`).
    var text: String {
        #"{"type":\#(LiveMessageText.jsonString(type)),"after":\#(after),"through":\#(through),"replayed":\#(replayed)}"#
    }
}
