/// The events after `after` are no longer kept (`{"type":"resync_required",…}`,
/// docs/live-protocol.md): the client reloads its state over HTTP, and live delivery continues
/// after `newestEventId`. The server writes this type and the terminal decodes it.
public struct LiveResyncRequired: Codable, Sendable, Hashable {
    /// Always `resync_required` (the live message's type).
    public var type: String
    public var after: Int64
    /// The oldest event id still kept.
    public var oldestAvailableId: Int64
    public var newestEventId: Int64

    public init(after: Int64, oldestAvailableId: Int64, newestEventId: Int64) {
        self.type = "resync_required"
        self.after = after
        self.oldestAvailableId = oldestAvailableId
        self.newestEventId = newestEventId
    }
}
