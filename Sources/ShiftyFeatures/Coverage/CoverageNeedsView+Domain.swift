import ShiftyAPI
import ShiftyDomain

extension CoverageNeedsView {
    init(_ needs: [CoverageNeed]) {
        self.init(needs: needs.map { need in
            let draft = need.draft
            return CoverageNeedView(
                weekday: draft.weekday, startTime: draft.startTime, endTime: draft.endTime, position: draft.position, headcount: draft.headcount)
        })
    }
}

extension CoverageNeedView {
    var draft: CoverageNeedDraft {
        CoverageNeedDraft(weekday: weekday, startTime: startTime, endTime: endTime, position: position, headcount: headcount)
    }
}
