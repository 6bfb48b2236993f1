import Foundation

/// One reminder this instance claimed: the shift, the start it was claimed for and who gets it.
///
/// The start is part of the identity because a moved shift is a new appointment: it is reminded
/// again at its new time, while the same (shift, start) is never reminded twice.
package struct ShiftReminder: Sendable, Hashable {
    var shiftID: Int64
    var startsAt: Date
    var workplaceID: Int64
    var ownerID: Int64
    var minutesBefore: Int
}
