import Foundation

/// Everything the watch screen shows besides the board itself.
public struct WatchHeader: Sendable, Hashable {
    public var workplaceName: String
    public var userName: String
    public var status: ConnectionStatus
    public var lastEventID: Int64?

    public init(workplaceName: String = "", userName: String = "", status: ConnectionStatus, lastEventID: Int64? = nil) {
        self.workplaceName = workplaceName
        self.userName = userName
        self.status = status
        self.lastEventID = lastEventID
    }
}

/// Turns the board into the lines of a full screen for a given size: a title with the connection
/// state and last event id, the table (flashing rows in reverse video with a "»" mark), and a footer.
///
/// Every line is padded to exactly `width` columns so that redrawing in place overwrites old text and
/// a flashing row's bar spans the screen. Pure: the same input always gives the same lines.
public struct MarketBoardRenderer: Sendable {
    public var width: Int
    public var height: Int
    public var colour: Bool

    public static let flashMark = "» "

    public init(width: Int, height: Int = 40, colour: Bool = true) {
        self.width = max(20, width)
        self.height = max(5, height)
        self.colour = colour
    }

    public func render(_ board: MarketBoard, header: WatchHeader, at now: Date) -> [String] {
        let layout = MarketTableLayout(width: self.width)
        let names = ListTables.columns("id", "date", "time", "position", "offeredBy", "status")
        var lines: [String] = []
        lines.append(self.titleLine(header, at: now))
        lines.append(ANSIStyle.bold.apply(self.pad(self.columns(
            flash: false, id: names[0], date: names[1], time: names[2], position: names[3], offeredBy: names[4], status: names[5],
            layout: layout)), enabled: self.colour))
        let rows = board.orderedRows
        // Title, column header and footer take three lines.
        let room = self.height - 3
        let shown = rows.count <= room ? rows : Array(rows.prefix(max(0, room - 1)))
        for row in shown {
            lines.append(self.line(for: row, flashing: board.isFlashing(row.shift.id, at: now), layout: layout))
        }
        if shown.count < rows.count {
            lines.append(self.pad("  " + TerminalLanguage.text("terminal.watch.more", ["count": "\(rows.count - shown.count)"])))
        }
        let offered = board.activeCount
        let footer = rows.isEmpty
            ? TerminalLanguage.text("terminal.watch.empty")
            : TerminalLanguage.plural("terminal.watch.footer", count: offered)
        lines.append(ANSIStyle.dim.apply(self.pad(footer), enabled: self.colour))
        return lines
    }

    func titleLine(_ header: WatchHeader, at now: Date) -> String {
        var left = TerminalLanguage.text("terminal.watch.title")
        if !header.workplaceName.isEmpty { left += " · \(header.workplaceName)" }
        if !header.userName.isEmpty { left += " · \(header.userName)" }
        let event = header.lastEventID.map { " · " + TerminalLanguage.text("terminal.watch.lastEvent", ["event": "\($0)"]) } ?? ""
        let statusText = "● " + header.status.text(at: now)
        let right = statusText + event
        let rightWidth = TerminalText.width(right)
        guard rightWidth < self.width else {
            return header.status.style.apply(TerminalText.fit(right, to: self.width), enabled: self.colour)
        }
        let leftPart = TerminalText.fit(left, to: self.width - rightWidth - 1) + " "
        return ANSIStyle.bold.apply(leftPart, enabled: self.colour)
            + header.status.style.apply(statusText, enabled: self.colour) + event
    }

    func line(for row: MarketRow, flashing: Bool, layout: MarketTableLayout) -> String {
        let shift = row.shift
        var date = shift.date
        if layout.showWeekday { date = ShiftListFormatter.date(shift.date) }
        let text = self.pad(self.columns(
            flash: flashing, id: "\(shift.id)", date: date, time: "\(shift.startTime)–\(shift.endTime)", position: shift.position ?? "—",
            offeredBy: shift.ownerName, status: row.state.label(unassigned: shift.unassigned ?? false), layout: layout))
        var style = ANSIStyle.plain
        if flashing { style = style + .reverse }
        switch row.state {
        case .gone: style = style + .dim
        case .pendingApproval: style = style + .yellow
        case .offered: break
        }
        return style.apply(text, enabled: self.colour)
    }

    func columns(
        flash: Bool, id: String, date: String, time: String, position: String, offeredBy: String, status: String,
        layout: MarketTableLayout
    ) -> String {
        let separator = MarketTableLayout.separator
        return (flash ? Self.flashMark : "  ")
            + TerminalText.fit(id, to: layout.id) + separator
            + TerminalText.fit(date, to: layout.date) + separator
            + TerminalText.fit(time, to: layout.time) + separator
            + TerminalText.fit(position, to: layout.position) + separator
            + TerminalText.fit(offeredBy, to: layout.offeredBy) + separator
            + TerminalText.fit(status, to: layout.status)
    }

    /// Cut or pad to exactly the screen width.
    func pad(_ text: String) -> String {
        TerminalText.fit(text, to: self.width)
    }
}
