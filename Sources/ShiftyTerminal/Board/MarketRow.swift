/// One line of the live marketplace table.
public struct MarketRow: Sendable, Hashable {
    public var shift: MarketShift
    public var state: MarketRowState

    public init(shift: MarketShift, state: MarketRowState) {
        self.shift = shift
        self.state = state
    }
}

/// Where a shift on the board stands.
public enum MarketRowState: Sendable, Hashable {
    /// On the marketplace: anyone else may take it.
    case offered
    /// Somebody picked it up; a manager still has to approve.
    case pendingApproval
    /// It left the marketplace (taken, withdrawn, cancelled). The row stays, flashing, until its flash
    /// ends, so a watcher sees *what* disappeared instead of a row silently vanishing.
    case gone(String)

    /// The status column's text.
    public func label(unassigned: Bool) -> String {
        switch self {
        case .offered: TerminalLanguage.text(unassigned ? "terminal.market.open" : "terminal.market.offered")
        case .pendingApproval: TerminalLanguage.text("terminal.board.pendingApproval")
        case .gone(let reason): reason
        }
    }

    public var isGone: Bool {
        if case .gone = self { return true }
        return false
    }
}
