/// The replay asked for with `resume` is complete (`{"type":"resumed",…}`, docs/live-protocol.md):
/// the events in `(after, through]` this connection may see were sent before this message. The
/// server writes this type and the terminal decodes it.
public struct LiveResumed: Codable, Sendable, Hashable {
    /// Always `resumed` (the live message's type).
    public var type: String
    public var after: Int64
    public var through: Int64
    /// How many events the replay sent (what `watch` reports as changes made while away).
    public var replayed: Int

    public init(after: Int64, through: Int64, replayed: Int) {
        self.type = "resumed"
        self.after = after
        self.through = through
        self.replayed = replayed
    }
}
