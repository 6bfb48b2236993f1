import Foundation

/// The marketplace's view of one shift: who owns it, when it is, and where it stands.
///
/// The server loads these (locking the rows) before calling `Marketplace.apply`, and writes the
/// `ShiftChange`s of the resulting `Transition` back in the same transaction. What the API shows
/// of a shift (names, local times) is ShiftyAPI's `MarketShift`, another type.
public struct OwnedShift: Sendable, Hashable, Codable {
    public var id: ShiftID
    public var owner: UserID
    /// Absolute start instant.
    public var start: Date
    /// Absolute end instant (after `start`).
    public var end: Date
    public var status: ShiftStatus
    /// Set while `status == .inDeal`.
    public var dealID: DealID?
    /// Set while `status == .suggested`.
    public var requestID: RequestID?
    /// A manager released the shift to the marketplace (`Marketplace.unassign`): anyone else may
    /// pick it up, but its owner can no longer take it back or swap it away. Cleared when the
    /// shift changes owner.
    public var isUnassigned: Bool
    /// The position the shift is for ("bar", "kitchen"); `nil` needs no qualification.
    public var position: String?

    public init(
        id: ShiftID, owner: UserID, start: Date, end: Date,
        status: ShiftStatus = .scheduled, dealID: DealID? = nil, requestID: RequestID? = nil,
        isUnassigned: Bool = false, position: String? = nil
    ) {
        self.position = position
        self.id = id
        self.owner = owner
        self.start = start
        self.end = end
        self.status = status
        self.dealID = dealID
        self.requestID = requestID
        self.isUnassigned = isUnassigned
    }

    /// The part of the shift that changes on the marketplace.
    public var state: ShiftState {
        ShiftState(owner: owner, status: status, dealID: dealID, requestID: requestID)
    }

    /// A copy with `state` applied.
    public func with(_ state: ShiftState) -> OwnedShift {
        var copy = self
        copy.owner = state.owner
        copy.status = state.status
        copy.dealID = state.dealID
        copy.requestID = state.requestID
        if state.owner != owner { copy.isUnassigned = false }
        return copy
    }

    /// The shift's time span as a half-open interval.
    public var interval: ShiftInterval { ShiftInterval(shiftID: id, start: start, end: end, position: position) }
}

/// Owner and status of a shift at one moment: what a transition changes and a rejection restores.
public struct ShiftState: Sendable, Hashable, Codable {
    public var owner: UserID
    public var status: ShiftStatus
    public var dealID: DealID?
    public var requestID: RequestID?

    public init(owner: UserID, status: ShiftStatus, dealID: DealID? = nil, requestID: RequestID? = nil) {
        self.owner = owner
        self.status = status
        self.dealID = dealID
        self.requestID = requestID
    }
}

/// A shift's time span, half-open `[start, end)` so back-to-back shifts do not overlap.
public struct ShiftInterval: Sendable, Hashable, Codable {
    public var shiftID: ShiftID
    public var start: Date
    public var end: Date
    /// The shift's position, for the qualification rule (`nil`: any member may work it).
    public var position: String?

    public init(shiftID: ShiftID, start: Date, end: Date, position: String? = nil) {
        self.position = position
        self.shiftID = shiftID
        self.start = start
        self.end = end
    }

    /// Whether the two half-open intervals share any instant.
    public func overlaps(_ other: ShiftInterval) -> Bool {
        start < other.end && other.start < end
    }
}
