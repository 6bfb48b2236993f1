import ShiftyPostgres

extension PostgresRow {
    /// A text column holding one word of a closed list (a shift's status, a deal's kind, a
    /// member's role…) as its enum.
    ///
    /// A word the enum does not have fails the read with a `.decoding` error naming the column and
    /// the word, like a column that is not a date (`localDate(_:)`): the row is one this code does
    /// not understand (a bug, or a schema newer than the code), and standing in some other value
    /// (`?? .cancelled`) would decide and answer on a state the row is not in.
    package func decode<Word: RawRepresentable>(_ column: String, as type: Word.Type) throws -> Word where Word.RawValue == String {
        let text: String = try decode(column)
        guard let word = Word(rawValue: text) else {
            throw PostgresError(kind: .decoding, message: "column \(column): '\(text)' is not a \(Word.self)")
        }
        return word
    }

    /// The same by the column's position in the result.
    package func decode<Word: RawRepresentable>(_ index: Int, as type: Word.Type) throws -> Word where Word.RawValue == String {
        let text: String = try decode(index)
        guard let word = Word(rawValue: text) else {
            throw PostgresError(kind: .decoding, message: "column \(index): '\(text)' is not a \(Word.self)")
        }
        return word
    }
}
