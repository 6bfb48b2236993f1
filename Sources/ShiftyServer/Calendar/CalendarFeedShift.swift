import Foundation

/// A shift as the feed reads it: one of the member's own, or a snapshot of one that left them.
struct CalendarFeedShift: Sendable, Equatable {
    var id: Int64
    var start: Date
    var end: Date
    var position: String?
    /// The shift's status, or nil for one that left the member (traded away, reassigned, deleted).
    var status: String?
    var sequence: Int
    var lastModified: Date

    /// The VEVENT for this shift in the feed of a workplace called `workplaceName` (`slug` keeps UIDs
    /// unique across workplaces on one server and stable when the server's host name changes).
    func event(workplaceName: String, slug: String) -> CalendarEvent {
        let what = position.map { "\($0) – \(workplaceName)" } ?? "Shift – \(workplaceName)"
        let cancelled = status == nil || status == "cancelled"
        return CalendarEvent(
            uid: "shift-\(id)@\(slug)",
            start: start, end: end,
            summary: what,
            description: Self.explanation(status: status),
            sequence: sequence,
            lastModified: lastModified,
            cancelled: cancelled
        )
    }

    /// A sentence for states a member may want to see in their calendar.
    static func explanation(status: String?) -> String? {
        switch status {
        case nil: "This shift is no longer yours (traded away or reassigned)."
        case "cancelled": "This shift was cancelled."
        case "supplied": "You offered this shift on the marketplace; it stays yours until a trade is approved."
        case "suggested": "You suggested this shift for a coworker's request; it stays yours until a trade is approved."
        case "in_deal": "This shift is part of a pending trade; it stays yours until the trade is approved."
        default: nil
        }
    }
}
