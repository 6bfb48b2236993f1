/// One statement with its values bound where they are written:
///
///     try connection.query("SELECT id FROM shifts WHERE owner_id = \(owner) AND local_date >= \(from)")
///
/// sends `SELECT id FROM shifts WHERE owner_id = $1 AND local_date >= $2` with the two values as
/// parameters, never as SQL text. Reading a statement of twelve values no longer means counting
/// `$n` against a list.
///
/// Every interpolated value is bound, `String`s included (`\(name)` and `\(bind: name)` are the
/// same; `bind:` only says so where text might look like SQL to a reader). The one way to put text
/// into the statement itself is to say so: `\(sql: fragment)` splices trusted SQL (a column list, a
/// quoted identifier, a savepoint name) — never anything a person typed. A `PostgresQuery` built
/// elsewhere joins with its own values (`\(condition)`).
public struct PostgresQuery: Sendable, ExpressibleByStringInterpolation {
    /// The statement with `$1`, `$2`… where values were interpolated.
    public var sql: String
    /// The values, in the order of their `$n`.
    public var parameters: [any PostgresEncodable]

    public init(sql: String, parameters: [any PostgresEncodable] = []) {
        self.sql = sql
        self.parameters = parameters
    }

    public init(stringLiteral value: String) {
        self.init(sql: value)
    }

    public init(stringInterpolation: StringInterpolation) {
        self.init(sql: stringInterpolation.sql, parameters: stringInterpolation.parameters)
    }

    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var sql = ""
        var parameters: [any PostgresEncodable] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + 3 * interpolationCount)
            parameters.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            sql += literal
        }

        /// A value, bound as the next parameter.
        public mutating func appendInterpolation(_ value: some PostgresEncodable) {
            parameters.append(value)
            sql += "$\(parameters.count)"
        }

        /// A value that may be absent, bound as the next parameter (`NULL` when absent, announced
        /// with the wrapped type). Spelled out so the compiler does not take it for an optional
        /// printed into text.
        public mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value?) {
            parameters.append(value)
            sql += "$\(parameters.count)"
        }

        /// Text sent as a value (a name, a note, a token hash).
        public mutating func appendInterpolation(bind text: String?) {
            appendInterpolation(text)
        }

        /// A fragment built elsewhere (a condition, a page bound): its SQL joins the statement and its
        /// values follow the ones before it, so a statement can be assembled from parts without
        /// anyone counting `$n`.
        public mutating func appendInterpolation(_ fragment: PostgresQuery) {
            sql += fragment.sql(numberingParametersAfter: parameters.count)
            parameters += fragment.parameters
        }

        /// Trusted SQL spliced into the statement as it is.
        public mutating func appendInterpolation(sql fragment: String) {
            sql += fragment
        }

    }
}

extension PostgresQuery {
    /// The statement text with its own placeholders `$1…$n` moved up by `offset`. Only numbers this
    /// fragment bound are renumbered (a `$` followed by digits in 1…parameters.count, not part of a
    /// longer name or number), so spliced text without values passes through unchanged.
    func sql(numberingParametersAfter offset: Int) -> String {
        guard offset > 0, !parameters.isEmpty else { return sql }
        var result = ""
        result.reserveCapacity(sql.utf8.count + parameters.count)
        var characters = Substring(sql)
        var previous: Character?
        while let character = characters.first {
            characters.removeFirst()
            defer { previous = character }
            guard character == "$", !(previous.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" } ?? false) else {
                result.append(character)
                continue
            }
            let digits = characters.prefix { $0.isASCII && $0.isNumber }
            guard let number = Int(digits), (1...parameters.count).contains(number) else {
                result.append(character)
                continue
            }
            result += "$\(number + offset)"
            characters.removeFirst(digits.count)
        }
        return result
    }
}
