import Foundation
import ShiftyDomain
import ShiftyLocalization

/// A shift as the feed reads it: one of the member's own, or a snapshot of one that left them.
package struct CalendarFeedShift: Sendable, Equatable {
    var id: Int64
    var start: Date
    var end: Date
    var position: String?
    /// The shift's status, or nil for one that left the member (traded away, reassigned, deleted).
    var status: ShiftStatus?
    var sequence: Int
    var lastModified: Date

    /// The VEVENT for this shift in the feed of a workplace called `workplaceName` (`slug` keeps UIDs
    /// unique across workplaces on one server and stable when the server's host name changes).
    /// Written in `catalogue`'s language (the feed owner's).
    package func event(workplaceName: String, slug: String, catalogue: Catalogue = .of(.english)) -> CalendarEvent {
        let what = position.map { catalogue.text("server.calendar.shift.summary", ["position": $0, "workplace": workplaceName]) }
            ?? catalogue.text("server.calendar.shift.summaryNoPosition", ["workplace": workplaceName])
        let cancelled = status == nil || status == .cancelled
        return CalendarEvent(
            uid: "shift-\(id)@\(slug)",
            start: start, end: end,
            summary: what,
            description: Self.explanation(status: status, catalogue: catalogue),
            sequence: sequence,
            lastModified: lastModified,
            cancelled: cancelled
        )
    }

    /// A sentence for states a member may want to see in their calendar.
    static func explanation(status: ShiftStatus?, catalogue: Catalogue = .of(.english)) -> String? {
        switch status {
        case nil: catalogue.text("server.calendar.shift.left")
        case .cancelled: catalogue.text("server.calendar.shift.cancelled")
        case .supplied: catalogue.text("server.calendar.shift.supplied")
        case .suggested: catalogue.text("server.calendar.shift.suggested")
        case .inDeal: catalogue.text("server.calendar.shift.inDeal")
        case .scheduled: nil
        }
    }
}
