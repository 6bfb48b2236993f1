/// Column widths of the marketplace table for a terminal width.
///
/// The shift id (what `shifty take ID` needs), date and time have fixed widths; position, offered-by and status share what is left. On narrow
/// terminals the weekday goes first, then the flexible columns shrink to their minimums and lines are cut.
public struct MarketTableLayout: Sendable, Hashable {
    public var showWeekday: Bool
    /// The shift id column: ids up to six digits fit.
    public var id: Int
    public var date: Int
    public var time: Int
    public var position: Int
    public var offeredBy: Int
    public var status: Int

    /// Flash mark (or blank) in front of each row.
    public static let gutter = 2
    public static let separator = "  "
    static let minimumFlexible = (position: 4, offeredBy: 6, status: 7)

    public init(width: Int) {
        let fixedSeparators = 5 * Self.separator.count + Self.gutter
        self.id = 6
        self.time = 11
        self.showWeekday = true
        self.date = 14
        var flexible = width - fixedSeparators - self.id - self.time - self.date
        if flexible < 30 {
            self.showWeekday = false
            self.date = 10
            flexible += 4
        }
        let minimum = Self.minimumFlexible
        flexible = max(flexible, minimum.position + minimum.offeredBy + minimum.status)
        self.status = min(22, max(minimum.status, flexible * 3 / 10))
        let rest = flexible - self.status
        self.position = max(minimum.position, rest * 2 / 5)
        self.offeredBy = max(minimum.offeredBy, rest - self.position)
    }
}
