/// How `shifty watch` shows what happens.
public enum WatchOutputMode: Sendable, Hashable {
    /// A full-screen table updated in place (stdout is a terminal).
    case table(colour: Bool)
    /// One plain line per event (stdout is a pipe or file); connection changes go to stderr.
    case lines
    /// Each event object as received, one per line, for `jq`.
    case json
    /// Nothing printed (tests observe through `LiveWatcher.observe`).
    case silent
}
