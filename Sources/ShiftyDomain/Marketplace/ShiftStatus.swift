/// Where a shift stands on the marketplace.
///
/// The smallest honest set: the seed's "idle / supplied / suggested / awaiting approval" plus a
/// terminal `cancelled`. Whether a deal is waiting for the counterparty or for a manager is the
/// deal's state, not the shift's: the shift only needs to know it is locked by one deal.
public enum ShiftStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// On the owner's schedule, not offered to anyone ("idle" in the seed).
    case scheduled
    /// Offered on the marketplace ("Aangeboden"); anyone else may pick it up.
    case supplied
    /// Offered to one request ("Gezocht"); the requester may accept it.
    case suggested
    /// Locked by exactly one pending deal (proposed swap or waiting for approval).
    case inDeal = "in_deal"
    /// Removed from the schedule. Terminal: never reverts.
    case cancelled

    /// Terminal statuses never change again.
    public var isTerminal: Bool { self == .cancelled }
}
