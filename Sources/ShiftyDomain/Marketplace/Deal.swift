import Foundation

/// A pending or decided exchange of one or two shifts.
///
/// Each leg remembers the shift's state before the deal, so that rejection, cancellation,
/// decline and expiry can put every shift back exactly where it was.
public struct Deal: Sendable, Hashable, Codable {
    public var id: DealID
    public var kind: DealKind
    public var state: DealState
    /// Who started the deal (picker, requester accepting, or swap proposer).
    public var initiator: UserID
    public var createdAt: Date
    /// The start of the earliest shift involved: a deal still pending then expires.
    public var expiresAt: Date
    /// One leg for pick-ups and suggestions, two for swaps.
    public var legs: [DealLeg]
    /// The request an accepted suggestion answers.
    public var requestID: RequestID?
    public var decidedBy: UserID?
    public var decidedAt: Date?
    public var decisionNote: String?

    public init(
        id: DealID, kind: DealKind, state: DealState, initiator: UserID, createdAt: Date,
        expiresAt: Date, legs: [DealLeg], requestID: RequestID? = nil,
        decidedBy: UserID? = nil, decidedAt: Date? = nil, decisionNote: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.initiator = initiator
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.legs = legs
        self.requestID = requestID
        self.decidedBy = decidedBy
        self.decidedAt = decidedAt
        self.decisionNote = decisionNote
    }

    /// Everyone giving or receiving a shift in this deal.
    public var participants: Set<UserID> {
        Set(legs.flatMap { [$0.giver, $0.receiver] })
    }

    public var shiftIDs: [ShiftID] { legs.map(\.shiftID) }
}

/// One shift changing hands inside a deal.
public struct DealLeg: Sendable, Hashable, Codable {
    public var shiftID: ShiftID
    public var giver: UserID
    public var receiver: UserID
    /// The shift's state before the deal locked it; restored when the deal does not go through.
    public var previousState: ShiftState

    public init(shiftID: ShiftID, giver: UserID, receiver: UserID, previousState: ShiftState) {
        self.shiftID = shiftID
        self.giver = giver
        self.receiver = receiver
        self.previousState = previousState
    }
}

/// What kind of exchange a deal is.
public enum DealKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Someone takes a supplied shift.
    case pickUp = "pick_up"
    /// A requester accepted a coworker's suggested shift.
    case suggestionAccepted = "suggestion_accepted"
    /// Two members exchange one shift each.
    case swap
}
