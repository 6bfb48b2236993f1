import Foundation
import ShiftyLocalization

/// Whose feed a presented token opens, with what the document needs about their workplace.
struct CalendarFeedOwner: Sendable {
    var userID: Int64
    var displayName: String
    var workplaceName: String
    var workplaceSlug: String
    var timeZone: String
    /// The owner's own language, else the workplace's: the feed's summaries are written in it.
    var language: LanguageCode = .english
}
