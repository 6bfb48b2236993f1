import Foundation
import ShiftyDomain

/// One shift as a VEVENT: what a subscriber's calendar shows and how it recognises updates.
package struct CalendarEvent: Sendable, Equatable {
    /// Stable across every change of the shift, so clients update the event instead of adding one.
    var uid: String
    var start: Date
    var end: Date
    var summary: String
    var description: String?
    /// Grows on every change a subscriber can see; clients ignore a copy whose SEQUENCE did not grow.
    var sequence: Int
    var lastModified: Date
    /// Traded away, reassigned, cancelled or deleted: shown with `STATUS:CANCELLED` so clients
    /// remove or strike it rather than keep a stale event.
    var cancelled: Bool
    /// Whole local dates (time off): rendered as an all-day event (`VALUE=DATE`, end exclusive).
    var allDay: ClosedRange<LocalDate>? = nil
}
