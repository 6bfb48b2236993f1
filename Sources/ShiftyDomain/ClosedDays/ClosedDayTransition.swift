/// The outcome of an accepted closed-day command: what the server writes, in one transaction,
/// followed by `closed_days.changed` for every date it names.
public enum ClosedDayTransition: Sendable, Hashable, Codable {
    /// Close each day (a day already closed takes the new name) and remove the shifts each closing
    /// names; the owners of removed shifts hear which ones went.
    case close([ClosedDayClosing])
    /// Open the day again and fill it in from the fixed shifts.
    case reopen(LocalDate)

    /// The dates the change concerns.
    public var dates: [LocalDate] {
        switch self {
        case .close(let closings): closings.map(\.day.date)
        case .reopen(let date): [date]
        }
    }
}
