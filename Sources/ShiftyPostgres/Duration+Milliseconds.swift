extension Duration {
    /// Whole milliseconds (rounded up so a tiny positive duration never becomes "no limit" in PostgreSQL).
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let millisecondsFromAttoseconds = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return seconds * 1000 + millisecondsFromAttoseconds
    }

    /// Seconds as a `Double`, for APIs such as `poll()` timeouts and sleeping with jitter.
    var secondsAsDouble: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
