/// Names (of closed days, positions) are one line of text: they end up in e-mail headers, push
/// titles, calendar feeds, CSV exports and list rows, where a line break or another control
/// character would start a new header or line, or hide what follows.
///
/// Refused: Unicode category Cc (C0 controls with tab, CR and LF, DEL, C1 controls with NEL) and
/// the line and paragraph separators U+2028 and U+2029. Format characters (Cf) stay allowed:
/// joiners are part of many names and emoji. The server's edge checks other names by the same rule.
public enum SingleLine {
    public static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029 }
    }
}
