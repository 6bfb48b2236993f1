import Foundation
import ShiftyLocalization

/// Whose feed a presented token opens, with what the document needs about their workplace.
package struct CalendarFeedOwner: Sendable {
    package var userID: Int64
    package var displayName: String
    package var workplaceName: String
    package var workplaceSlug: String
    package var timeZone: String
    /// The owner's own language, else the workplace's: the feed's summaries are written in it.
    package var language: LanguageCode = .english
}
