/// Lifecycle of a deal.
///
/// `proposed → pendingApproval → approved | rejected`, with `cancelled`, `expired` and (for a
/// proposed swap) `declined` as other ways out. Terminal states never revert: that is enforced
/// here once, rather than in each caller.
public enum DealState: String, Sendable, Hashable, Codable, CaseIterable {
    /// A swap waiting for the counterparty to accept or decline.
    case proposed
    /// Waiting for a manager.
    case pendingApproval = "pending_approval"
    case approved
    case rejected
    case cancelled
    case expired
    case declined

    /// Whether the deal still locks its shifts.
    public var isPending: Bool { self == .proposed || self == .pendingApproval }

    public var isTerminal: Bool { !isPending }

    /// The complete table of allowed state changes.
    public func canMove(to next: DealState) -> Bool {
        switch (self, next) {
        case (.proposed, .pendingApproval), (.proposed, .approved), (.proposed, .declined),
             (.proposed, .cancelled), (.proposed, .expired):
            return true
        case (.pendingApproval, .approved), (.pendingApproval, .rejected),
             (.pendingApproval, .cancelled), (.pendingApproval, .expired):
            return true
        default:
            return false
        }
    }
}
