import Foundation

/// One published shift as the plan counts it, for its totals (``LabourEstimate``) and its
/// coverage (``Coverage``): who holds it, when, at which position, and whether it is open.
public struct LabourShift: Sendable, Hashable {
    public var interval: ShiftInterval
    /// The member the shift belongs to (for an open shift: the member who released it).
    public var owner: UserID
    /// Released by a manager (`unassigned`) and waiting on the marketplace for somebody to pick it
    /// up. The plan draws it in the "Open shifts" row and counts it for nobody: no hours (see
    /// ``LabourEstimate``), no staffing (see ``Coverage``).
    public var open: Bool

    public init(interval: ShiftInterval, owner: UserID, open: Bool = false) {
        self.interval = interval
        self.owner = owner
        self.open = open
    }
}
