/// Width arithmetic for text shown in a terminal, where East Asian wide characters and most emoji take
/// two columns and combining marks none.
public enum TerminalText {
    /// The number of columns `text` occupies (ANSI escape sequences must already be removed).
    public static func width(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + self.width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return 0 }
        return self.isWide(scalar.value) ? 2 : 1
    }

    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// `text` cut to at most `columns` columns, ending in "…" when something was cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard self.width(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = self.width(of: character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// `text` truncated and padded with spaces to exactly `columns` columns.
    public static func fit(_ text: String, to columns: Int) -> String {
        let cut = self.truncate(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - self.width(cut)))
    }

    /// `text` without ANSI escape sequences (CSI `ESC [ … final`), for measuring and for tests.
    public static func stripANSI(_ text: String) -> String {
        var result = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\u{1B}" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard let next = iterator.next() else { break }
            guard next == "[" else { continue }
            while let inner = iterator.next(), !(0x40...0x7E).contains(inner.value) {}
        }
        return result
    }
}
