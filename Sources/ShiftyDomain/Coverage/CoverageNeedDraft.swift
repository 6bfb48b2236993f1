/// A coverage need as a manager typed it: the weekday as its ISO number and the times as text.
public struct CoverageNeedDraft: Sendable, Hashable {
    public var weekday: Int
    public var startTime: String
    public var endTime: String
    public var position: String?
    public var headcount: Int

    public init(weekday: Int, startTime: String, endTime: String, position: String?, headcount: Int) {
        self.weekday = weekday
        self.startTime = startTime
        self.endTime = endTime
        self.position = position
        self.headcount = headcount
    }

    /// The need, each field checked in the order the form shows them.
    public func need() throws(CoverageNeedRefusal) -> CoverageNeed {
        guard let weekday = Weekday(rawValue: weekday) else { throw .weekdayOutOfRange }
        guard let start = LocalTime(startTime) else { throw .malformedTime(.startTime) }
        guard let end = LocalTime(endTime) else { throw .malformedTime(.endTime) }
        return try CoverageNeed(weekday: weekday, start: start, end: end, position: position, headcount: headcount)
    }
}

extension CoverageNeed {
    /// How a need is typed, for a form that edits it.
    public var draft: CoverageNeedDraft {
        CoverageNeedDraft(weekday: weekday.rawValue, startTime: start.description, endTime: end.description, position: position, headcount: headcount)
    }

    /// The most needs a workplace keeps: one per position per hour of every day is far below it;
    /// above it the list is a mistake (or an attack on the grid's sweep).
    public static let maximumCount = 200

    /// A workplace's whole list, checked: every need, and not too many. Ordered by weekday, start
    /// and position, the order the page shows them in.
    public static func checkedList(_ drafts: [CoverageNeedDraft]) throws(CoverageNeedListRefusal) -> [CoverageNeed] {
        guard drafts.count <= maximumCount else { throw .tooManyNeeds }
        var needs: [CoverageNeed] = []
        for (index, draft) in drafts.enumerated() {
            do {
                needs.append(try draft.need())
            } catch {
                throw .need(at: index, error)
            }
        }
        return needs.sorted { ($0.weekday, $0.start, $0.position ?? "") < ($1.weekday, $1.start, $1.position ?? "") }
    }
}
