import Foundation
import ShiftyAPI

/// The JSON payload of a `shift.reminder` event: the same `shiftIds`/`shifts` shape as marketplace
/// events, so clients render it with the code they already have, plus the lead time it was sent with.
struct ShiftReminderPayload: Encodable, Sendable {
    var shiftIds: [Int64]
    var shifts: [ShiftyAPI.MarketShift]
    /// The workplace's lead time when the reminder was claimed (the shift may start sooner if it
    /// was created or moved inside the window).
    var minutesBefore: Int
    var startsAt: Date
}
