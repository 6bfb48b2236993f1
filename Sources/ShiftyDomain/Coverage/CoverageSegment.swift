import Foundation

/// A stretch of one day's need for one position over which nothing changes: the same number of
/// people needed and the same number on the floor.
public struct CoverageSegment: Sendable, Hashable {
    /// The local date the need belongs to (an overnight need's segments after midnight too).
    public var date: LocalDate
    /// The need's position; nil for "anyone".
    public var position: String?
    public var start: Date
    public var end: Date
    public var needed: Int
    public var staffed: Int

    public init(date: LocalDate, position: String?, start: Date, end: Date, needed: Int, staffed: Int) {
        self.date = date
        self.position = position
        self.start = start
        self.end = end
        self.needed = needed
        self.staffed = staffed
    }

    /// People missing (0 when covered).
    public var shortage: Int { max(0, needed - staffed) }
    /// People beyond the need (0 when not over).
    public var surplus: Int { max(0, staffed - needed) }
    public var minutes: Int { Int(end.timeIntervalSince(start) / 60) }
}
