import Foundation
import ShiftyDomain

/// A shift as the "now" board needs it: who, where, and when, as absolute instants.
///
/// Instants rather than local wall times keep the board right on DST days: a shift from 00:00 to
/// 06:00 on the night the clocks go back lasts seven hours, and its progress is measured in them.
struct NowBoardShift: Sendable, Hashable {
    var id: Int64
    var ownerID: Int64
    var ownerName: String
    var position: String?
    /// The workplace-local date the shift belongs to (the date of its start).
    var date: LocalDate
    var startsAt: Date
    var endsAt: Date
}
