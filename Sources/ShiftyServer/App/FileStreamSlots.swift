import NIOConcurrencyHelpers
import ShiftyLive

/// Bounds how many static files are being sent at once, each holding its file open while the client
/// reads it (``DescriptorBudget/fileStreams``).
///
/// A client that asks for a file and then stops reading keeps that file open for as long as its
/// connection lives; every connection doing so would double the descriptors the connections take. A
/// request that finds no slot free is answered `503 server_full` with `Retry-After`.
final class FileStreamSlots: Sendable {
    /// A taken slot; it is given back when the last reference goes (the response body written or
    /// dropped, whichever way the request ended), so no path can forget it.
    final class Slot: Sendable {
        private let slots: FileStreamSlots

        fileprivate init(slots: FileStreamSlots) {
            self.slots = slots
        }

        deinit {
            slots.inUse.withLockedValue { $0 -= 1 }
        }
    }

    let capacity: Int
    fileprivate let inUse = NIOLockedValueBox(0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    var taken: Int { inUse.withLockedValue { $0 } }

    /// A slot, or nil when all are taken.
    func take() -> Slot? {
        let granted = inUse.withLockedValue { inUse -> Bool in
            guard inUse < capacity else { return false }
            inUse += 1
            return true
        }
        return granted ? Slot(slots: self) : nil
    }
}
