import Foundation

/// A date on which the caller has no shift, no live request and the workplace is open.
struct FreeDateView: Encodable, Sendable {
    var date: String
    /// ISO weekday, 1 = Monday … 7 = Sunday.
    var weekday: Int
    var week: String
}
