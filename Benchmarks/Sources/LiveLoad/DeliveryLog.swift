import NIOConcurrencyHelpers
import NIOCore

/// What the subscribers of one event loop received: receipt times per event id, hellos and closes.
///
/// One log per generator event loop, so the lock is only ever shared between that loop and the
/// measuring task (which reads a counter per millisecond): recording a delivery costs a clock read,
/// a byte scan and an uncontended lock.
final class DeliveryLog: Sendable {
    struct State {
        var receipts: [Int64: [UInt64]] = [:]
        /// The `at` of each event as the first subscriber on this loop saw it.
        var ats: [Int64: String] = [:]
        var deliveries = 0
        var hellos = 0
        var closes = 0
        var closeCodes: [String: Int] = [:]
    }

    private let state = NIOLockedValueBox(State())

    func record(_ message: ByteBuffer) {
        let now = Clock.monotonic()
        message.withUnsafeReadableBytes { record($0, at: now) }
    }

    /// One received message, read at `now` (monotonic nanoseconds).
    func record(_ message: UnsafeRawBufferPointer, at now: UInt64) {
        if let id = EventFrameScanner.eventID(in: message) {
            state.withLockedValue { state in
                state.receipts[id, default: []].append(now)
                state.deliveries += 1
                if state.ats[id] == nil, let at = EventFrameScanner.at(in: message) { state.ats[id] = at }
            }
        } else if EventFrameScanner.isHello(message) {
            state.withLockedValue { $0.hellos += 1 }
        }
    }

    func recordClose(_ code: String) {
        state.withLockedValue { state in
            state.closes += 1
            state.closeCodes[code, default: 0] += 1
        }
    }

    var deliveries: Int { state.withLockedValue { $0.deliveries } }
    var hellos: Int { state.withLockedValue { $0.hellos } }
    var closes: (count: Int, codes: [String: Int]) { state.withLockedValue { ($0.closes, $0.closeCodes) } }

    /// Removes and returns the receipt times and `at` of one event.
    func take(_ id: Int64) -> (receipts: [UInt64], at: String?) {
        state.withLockedValue { state in
            let receipts = state.receipts.removeValue(forKey: id) ?? []
            return (receipts, state.ats.removeValue(forKey: id))
        }
    }

    /// Ids seen so far that were not taken yet.
    var pendingIDs: [Int64] { state.withLockedValue { Array($0.receipts.keys) } }
}
