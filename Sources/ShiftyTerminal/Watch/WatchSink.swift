/// Where `shifty watch` prints event lines (`out`) and connection notes (`err`) when it is not drawing
/// the full-screen table; tests capture them instead of stdout and stderr.
public struct WatchSink: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    public static let standard = WatchSink(out: { StandardStreams.write($0) }, err: { StandardStreams.writeError($0) })
}
