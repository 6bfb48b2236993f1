/// One word of a list the API writes in a field (a shift's status, a deal's state, a member's
/// role…): an enum whose cases are the words openapi.yaml lists for that field, spelled on the
/// wire as its `rawValue`, plus `unknown(word)` for a word this version does not know.
///
/// Why a word outside the list decodes instead of failing: the terminal of one version talks to
/// servers of others, and a newer server may add a status or a kind. Failing the decode would
/// turn a whole answer into an error (`shifty market` showing nothing because one shift has a new
/// status) and, inside live events, drop the event's shifts without a word, so the board would go
/// stale. As `unknown(word)` the value keeps its word: the terminal shows it as written, treats
/// it as none of the cases it acts on, and writes it back unchanged. The server only ever writes
/// words of the list (it builds these from the domain's enums, whose words the shape tests pin to
/// the ones here and in openapi.yaml), and those tests treat an `unknown` read from a server
/// answer as a mismatch, so the fallback never hides a word missing on one side.
///
/// A conforming enum declares its cases, lists them in `allCases` (the words this version knows)
/// and spells each in `rawValue`; reading, writing and `init(rawValue:)` come from here.
public protocol APIWord: RawRepresentable, Codable, Sendable, Hashable, CaseIterable, CustomStringConvertible
where RawValue == String, AllCases == [Self] {
    /// A word this version does not know, kept as written.
    static func unknown(_ word: String) -> Self
}

extension APIWord {
    /// The case spelled `rawValue`, or `unknown(rawValue)`: never nil.
    public init(rawValue: String) {
        self = Self.word(rawValue)
    }

    /// The case spelled `word`, or `unknown(word)`.
    static func word(_ word: String) -> Self {
        allCases.first { $0.rawValue == word } ?? .unknown(word)
    }

    /// Whether this is one of the words of `allCases` (not a newer server's `unknown` one).
    public var isKnown: Bool { Self.allCases.contains(self) }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        self = Self.word(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
