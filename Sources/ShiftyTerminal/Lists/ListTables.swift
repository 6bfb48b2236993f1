import Foundation
import ShiftyLocalization

/// The lists of the reading commands as ``DataTable``s, the id a follow-up command needs first.
///
/// Plain strings only: the table, CSV and colour are the renderer's business, so one function per list
/// serves `--output table` and `--output csv` alike.
public enum ListTables {
    /// The marketplace (`shifty market`); `canTake` adds the pick-up preview's answer per shift.
    public static func market(_ shifts: [MarketShift], canTake: [Int64: String] = [:]) -> DataTable {
        let withPreview = !canTake.isEmpty
        return DataTable(
            header: self.columns("id", "date", "time", "position", "offeredBy", "status") + (withPreview ? self.columns("canYouTakeIt") : []),
            rows: shifts.map { shift in
                [
                    "\(shift.id)", ShiftListFormatter.date(shift.date), self.time(shift), shift.position ?? "—", shift.ownerName,
                    self.marketState(shift),
                ] + (withPreview ? [canTake[shift.id] ?? "?"] : [])
            })
    }

    /// My schedule (`shifty shifts`), one row per shift with its ISO week.
    public static func schedule(_ weeks: [ScheduleWeek]) -> DataTable {
        DataTable(
            header: self.columns("id", "week", "date", "time", "position", "status"),
            rows: weeks.flatMap { week in
                week.shifts.map { shift in
                    ["\(shift.id)", TerminalLanguage.catalogue().text("format.week", ["week": "\(week.week)"]), ShiftListFormatter.date(shift.date), self.time(shift), shift.position ?? "—",
                     ShiftListFormatter.status(shift)]
                }
            })
    }

    /// Deals (`shifty deals`, `shifty approvals`). `warnings` holds, per deal id, what the approve
    /// preview says (refusals and warnings); with it the table gets a last column.
    public static func deals(_ deals: [MarketDeal], warnings: [Int64: String]? = nil) -> DataTable {
        DataTable(
            header: self.columns("id", "kind", "state", "shift", "date", "time", "from", "to", "decidedBy") + (warnings == nil ? [] : self.columns("warnings")),
            rows: deals.map { deal in
                let legs = deal.legs
                let decided = deal.decidedByName.map { name in name + (deal.decisionNote.map { ": \($0)" } ?? "") } ?? ""
                return [
                    "\(deal.id)", TerminalLanguage.word("dealKind", deal.kind), TerminalLanguage.word("dealState", deal.state),
                    legs.map { "\($0.shift.id)" }.joined(separator: "/"),
                    legs.map { ShiftListFormatter.date($0.shift.date) }.joined(separator: " / "),
                    legs.map { self.time($0.shift) }.joined(separator: " / "),
                    legs.map(\.giverName).joined(separator: " / "),
                    legs.map(\.receiverName).joined(separator: " / "),
                    decided,
                ] + (warnings.map { [$0[deal.id] ?? ""] } ?? [])
            })
    }

    /// What the approve preview tells a manager, in one cell: "ok", or each refusing or warning rule
    /// with the member it is about and the shifts it conflicts with ("one shift per day refuses
    /// (Ben, #17)"), like the page. The rule's `detail` is the domain's English sentence naming
    /// members by id, so it is not shown.
    public static func warnings(of preview: ActionPreview) -> String {
        let rules = preview.rules
        if rules.isEmpty {
            if preview.allowed { return TerminalLanguage.text("terminal.preview.ok") }
            return TerminalLanguage.text("terminal.preview.refused", ["reason": preview.refusal?.message ?? TerminalLanguage.text("terminal.preview.no")])
        }
        return rules.map { rule in
            let key = rule.severity == .refuse ? "terminal.preview.ruleRefuses" : "terminal.preview.ruleWarns"
            let text = TerminalLanguage.text(key, ["rule": TerminalLanguage.word("rule", rule.code)])
            let about = ([rule.userName].filter { !$0.isEmpty } + rule.conflictingShiftIds.map { "#\($0)" }).joined(separator: ", ")
            return text + (about.isEmpty ? "" : " (\(about))")
        }.joined(separator: "; ")
    }

    /// Open requests and their suggestions (`shifty requests`): one row per request, the suggested
    /// shift ids in the last column for `shifty accept`.
    public static func requests(_ requests: [ShiftRequest]) -> DataTable {
        DataTable(
            header: self.columns("id", "date", "askedBy", "status", "suggestedShifts"),
            rows: requests.map { request in
                [
                    "\(request.id)", ShiftListFormatter.date(request.date), request.requesterName, TerminalLanguage.word("requestStatus", request.status),
                    request.suggestions.map { "\($0.id) \(self.time($0)) \($0.ownerName)" }.joined(separator: "; "),
                ]
            })
    }

    /// My notifications (`shifty notifications`), newest first; with the workplace's `timeZone` the
    /// moment reads "wo 25 nov 16:17" in it, without it stays the server's ISO 8601 instant.
    public static func notifications(_ events: [LiveEvent], timeZone: TimeZone? = nil) -> DataTable {
        DataTable(
            header: self.columns("id", "at", "type", "what"),
            rows: events.map { event in
                ["\(event.id)", timeZone.map { self.instant(event.at, in: $0) } ?? event.at, TerminalLanguage.word("eventType", event.type), EventLineFormatter.summary(of: event.data)]
            })
    }

    /// "wo 25 nov 16:17" / "Wed 25 Nov 16:17": an ISO 8601 instant in `timeZone` and the terminal's
    /// language; text that is not an instant stays as it is.
    public static func instant(_ text: String, in timeZone: TimeZone, language: LanguageCode? = nil) -> String {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = withFraction.date(from: text) ?? ISO8601DateFormatter().date(from: text) else { return text }
        let formatter = TerminalLanguage.formatter(language, timeZone: timeZone)
        return formatter.date(date) + " " + formatter.time(date)
    }

    /// The "now" board (`shifty now`): on shift now, then who starts next.
    public static func now(_ board: NowBoard) -> DataTable {
        var rows = board.onShift.map { entry in
            self.nowRow(entry, when: entry.percentDone.map {
                TerminalLanguage.text("terminal.now.nowDone", ["percent": "\(Int($0.rounded()))"])
            } ?? TerminalLanguage.text("terminal.now.now"))
        }
        if let next = board.next {
            let when = next.when == .today
                ? TerminalLanguage.text("terminal.now.next")
                : TerminalLanguage.text("terminal.now.nextOn", ["date": ShiftListFormatter.date(next.date)])
            rows += next.shifts.map { self.nowRow($0, when: when) }
        }
        return DataTable(header: self.columns("shift", "when", "who", "position", "time"), rows: rows)
    }

    static func nowRow(_ entry: NowBoard.Entry, when: String) -> [String] {
        ["\(entry.shiftId)", when, entry.user.name, entry.position ?? "—", "\(entry.startTime)–\(entry.endTime)"]
    }

    /// "offered", or "open (unassigned)" for a shift a manager released.
    static func marketState(_ shift: MarketShift) -> String {
        TerminalLanguage.text(shift.unassigned == true ? "terminal.market.open" : "terminal.market.offered")
    }

    /// Column headers by name (`terminal.column.<name>`), in the terminal's language.
    static func columns(_ names: String...) -> [String] {
        names.map { TerminalLanguage.text("terminal.column." + $0) }
    }

    static func time(_ shift: MarketShift) -> String { "\(shift.startTime)–\(shift.endTime)" }
}
