import Foundation

/// Nanosecond clocks read with one `clock_gettime` each: the generator takes two per delivery, so it
/// avoids `ContinuousClock.Instant` arithmetic on the hot path.
enum Clock {
    /// Monotonic nanoseconds (differences between two readings of this process).
    static func monotonic() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Wall-clock nanoseconds since 1970, to compare with the server's event `at`.
    static func wall() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

func log(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func milliseconds(_ nanoseconds: UInt64) -> String { String(format: "%.2f", Double(nanoseconds) / 1e6) }

/// The value at quantile `q` (nearest rank) of ascending `sorted`.
func percentile(_ sorted: [UInt64], _ q: Double) -> UInt64 {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
