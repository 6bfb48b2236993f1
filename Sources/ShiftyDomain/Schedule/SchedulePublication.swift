import Foundation

/// One change of a workplace's published schedule, as it is recorded: the local dates it touched
/// (`firstDate` through `lastDate`), the Mondays of the ISO weeks it touched (each becomes "final
/// since" `publishedAt`), who published it (`nil`: generation from fixed shifts, the standing
/// schedule) and how many shifts it changed.
public struct SchedulePublication: Sendable, Hashable, Codable {
    public var firstDate: LocalDate
    public var lastDate: LocalDate
    /// Ascending, each once.
    public var mondays: [LocalDate]
    public var publishedBy: UserID?
    public var publishedAt: Date
    public var changes: Int

    public init(firstDate: LocalDate, lastDate: LocalDate, mondays: [LocalDate], publishedBy: UserID?, publishedAt: Date, changes: Int) {
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.mondays = mondays
        self.publishedBy = publishedBy
        self.publishedAt = publishedAt
        self.changes = changes
    }
}
