/// How long to wait before each reconnect attempt: exponential backoff with jitter and a cap.
///
/// Attempt 1 waits about `initialDelay`, each further attempt twice as long, never more than
/// `maximumDelay`. The jitter takes up to `jitter` (a fraction) off each delay, so a thousand clients
/// dropped by one server restart do not all come back in the same millisecond.
public struct ReconnectPolicy: Sendable, Hashable {
    public var initialDelay: Double
    public var multiplier: Double
    public var maximumDelay: Double
    /// 0 = no jitter, 0.5 = each delay is between half and all of the nominal one.
    public var jitter: Double

    public init(initialDelay: Double = 0.5, multiplier: Double = 2, maximumDelay: Double = 30, jitter: Double = 0.5) {
        self.initialDelay = max(0, initialDelay)
        self.multiplier = max(1, multiplier)
        self.maximumDelay = max(self.initialDelay, maximumDelay)
        self.jitter = min(1, max(0, jitter))
    }

    /// The delay without jitter before attempt `attempt` (1-based).
    public func nominalDelay(attempt: Int) -> Double {
        let exponent = Double(max(0, attempt - 1))
        // Computed in steps so a huge attempt count saturates at the cap instead of overflowing.
        var delay = self.initialDelay
        var step = 0.0
        while step < exponent, delay < self.maximumDelay {
            delay *= self.multiplier
            step += 1
        }
        return min(delay, self.maximumDelay)
    }

    /// The delay before attempt `attempt`, with `random` drawn uniformly from 0..<1 by the caller
    /// (injected so tests are exact).
    public func delay(attempt: Int, random: Double) -> Double {
        let nominal = self.nominalDelay(attempt: attempt)
        let unit = min(1, max(0, random))
        return nominal * (1 - self.jitter * unit)
    }
}
