import ShiftyDomain

/// Names (of members, workplaces, positions, kiosks, closed days) are one line of text: they end
/// up in e-mail headers, push titles, calendar feeds, CSV exports and list rows, where a line
/// break or another control character would start a new header or line, or hide what follows.
///
/// Refused: Unicode category Cc (C0 controls with tab, CR and LF, DEL, C1 controls with NEL) and
/// the line and paragraph separators U+2028 and U+2029. Format characters (Cf) stay allowed:
/// joiners are part of many names and emoji.
package enum SingleLineText {
    /// The domain's rule (``ShiftyDomain/SingleLine``), written once.
    package static func hasControlCharacters(_ text: String) -> Bool {
        SingleLine.hasControlCharacters(text)
    }

    /// 422 `validation_failed` naming `field` when `text` is not one line.
    package static func check(_ text: String, field: String) throws {
        if hasControlCharacters(text) {
            throw Problem.invalid(field, text)
        }
    }

    /// What is wrong with such a field, as its field error says it.
    package static let text = ProblemText("server.invalid.singleLine")
}
