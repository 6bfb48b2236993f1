import Foundation
import ShiftyAPI
import ShiftyNotifications

/// Body of POST /shifts/copy-week and /shifts/copy-week/preview.
struct CopyWeekRequest: Decodable, Sendable {
    /// Any date of the week to copy (its ISO week, Monday to Sunday, in the workplace's zone).
    var from: String
}

/// The answer of POST /shifts/copy-week (and its preview): every one-off shift of the week, what
/// it would become a week later and what the rulebook says about it.
struct WeekCopyView: Encodable, Sendable {
    /// One copied (or refused) shift.
    struct Item: Encodable, Sendable {
        /// The shift in the copied week.
        var source: ShiftyAPI.MarketShift
        /// The copy's local date (a week later), start and length: the same wall-clock time.
        var date: String
        var startTime: String
        var durationMinutes: Int
        /// Whether the rulebook accepts the copy (in a preview: would accept it now).
        var allowed: Bool
        /// Why it is not (or would not be) created, as the problem document of `POST /shifts` would say.
        var refusal: ShiftyAPI.ActionPreview.Refusal?
        /// Every rule the copy breaks or warns about (as in `POST /shifts/preview`).
        var rules: [ShiftyAPI.ActionPreview.Rule]
        /// The created shift (not in a preview).
        var created: ShiftyAPI.MarketShift?
    }

    /// Monday of the copied week and of the week the copies go to.
    var fromWeek: String
    var toWeek: String
    /// `true` for the preview: nothing was written.
    var preview: Bool
    var items: [Item]
    /// How many copies were (or would be) created, and how many the rules refused.
    var created: Int
    var refused: Int
}
