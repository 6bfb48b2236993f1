/// Where a time-off request stands. Only `pending` moves: a manager approves or declines it, or
/// the member withdraws it; the member may also withdraw an approved one (the released shifts stay
/// on the marketplace: a pick-up may already be under way).
public enum TimeOffStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case pending
    case approved
    case declined
    case withdrawn

    /// Whether the status blocks receiving shifts.
    public var blocksShifts: Bool { self == .approved }

    /// Whether the member may still withdraw it.
    public var isWithdrawable: Bool { self == .pending || self == .approved }
}
