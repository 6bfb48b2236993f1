import Foundation
import ShiftyDomain

/// A weekly fixed shift.
struct FixedShiftView: Encodable, Sendable {
    var id: Int64
    var ownerId: Int64
    var ownerName: String
    /// ISO weekday, 1 = Monday … 7 = Sunday.
    var weekday: Int
    var startTime: String
    var durationMinutes: Int
    var position: String?
    var validFrom: String
    var validUntil: String?
    var active: Bool
}

/// One history row of a shift (or of a deal it took part in).
struct HistoryEntryView: Encodable, Sendable {
    var id: Int64
    var subject: String
    var subjectId: Int64
    var actorId: Int64?
    var actorName: String?
    var at: Date
    var action: String
    var from: String?
    var to: String
    var note: String?
}

/// A closed day (seed 003's special days).
struct ClosedDayView: Codable, Sendable, Equatable {
    var date: String
    var name: String
}
