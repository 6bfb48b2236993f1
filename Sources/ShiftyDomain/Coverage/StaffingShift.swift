import Foundation

/// What coverage needs to know of a shift: when, which station, and who stands there.
///
/// `owner` nil is an open shift (released, or drafted for a gap): it is planned but nobody works
/// it yet, so it does not staff anything; counting it would hide exactly the gap it was made for.
public struct StaffingShift: Sendable, Hashable {
    public var start: Date
    public var end: Date
    public var position: String?
    public var owner: UserID?

    public init(start: Date, end: Date, position: String?, owner: UserID?) {
        self.start = start
        self.end = end
        self.position = position
        self.owner = owner
    }
}
