extension DataTable {
    /// Left-aligned columns separated by two spaces, every line at most `width` columns when a width is
    /// given (a terminal): the widest columns give way first, down to a few characters, cut with "…".
    /// The header is bold when `colour` is on. User text is kept on one line and free of escapes.
    public func renderTable(width: Int? = nil, colour: Bool = false) -> [String] {
        let cells = self.rows.map { $0.map(EventLineFormatter.singleLine) }
        let all = [self.header] + cells
        let columnCount = all.map(\.count).max() ?? 0
        guard columnCount > 0 else { return [] }
        var widths = (0..<columnCount).map { column in
            all.map { column < $0.count ? TerminalText.width($0[column]) : 0 }.max() ?? 0
        }
        if let width {
            widths = Self.fit(widths, into: width)
        }
        func line(_ row: [String]) -> String {
            var text = ""
            for column in 0..<columnCount {
                let cell = column < row.count ? row[column] : ""
                let isLast = column == columnCount - 1
                text += isLast ? TerminalText.truncate(cell, to: widths[column]) : TerminalText.fit(cell, to: widths[column]) + "  "
            }
            // No trailing blanks when the last cells are empty.
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        return [ANSIStyle.bold.apply(line(self.header), enabled: colour)] + cells.map(line)
    }

    /// Shrinks the widest column, one column at a time, until the line fits `total` columns or every
    /// column is at its minimum (then the terminal wraps; nothing else is possible).
    static func fit(_ natural: [Int], into total: Int) -> [Int] {
        var widths = natural
        let separators = 2 * max(0, widths.count - 1)
        let minimum = 4
        while widths.reduce(0, +) + separators > total {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > minimum else { break }
            widths[widest] -= 1
        }
        return widths
    }
}
