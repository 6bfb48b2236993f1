/// Where `shifty watch` prints event lines (`out`) and connection notes (`err`) when it is not drawing
/// the full-screen table; tests capture them instead of stdout and stderr.
public struct WatchSink: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Whether nobody reads `out` any more (`watch --json | head -1` after `head` exited): the watcher
    /// then ends instead of running forever.
    public var isClosed: @Sendable () -> Bool

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        isClosed: @escaping @Sendable () -> Bool = { false }
    ) {
        self.out = out
        self.err = err
        self.isClosed = isClosed
    }

    public static let standard = WatchSink(
        out: { StandardStreams.write($0) }, err: { StandardStreams.writeError($0) },
        isClosed: { StandardStreams.stdoutIsClosed })
}
