import Foundation

/// One member receiving one shift in an action: what the rulebook checks.
public struct Placement: Sendable, Hashable, Codable {
    public var member: UserID
    /// The shift the member would receive (a new shift's reserved id and times for `createShift`).
    public var incoming: ShiftInterval
    /// Shifts the member hands over in the same action (they no longer count against the member).
    public var givingAway: Set<ShiftID>

    public init(member: UserID, incoming: ShiftInterval, givingAway: Set<ShiftID> = []) {
        self.member = member
        self.incoming = incoming
        self.givingAway = givingAway
    }
}
