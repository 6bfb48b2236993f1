/// One-dimensional PostgreSQL array literals (`{a,"b c",NULL}`) in text format.
enum PostgresArrayLiteral {
    /// Quotes every element, so commas, braces, quotes, backslashes and the word NULL are safe.
    static func format(_ elements: [String]) -> String {
        var text = "{"
        for (position, element) in elements.enumerated() {
            if position > 0 { text += "," }
            text += "\""
            for character in element.unicodeScalars {
                if character == "\"" || character == "\\" { text += "\\" }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return text + "}"
    }

    /// Elements in order; `nil` for an unquoted NULL. Returns `nil` for malformed or nested arrays.
    static func parse(_ text: String) -> [String?]? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "{", scalars.last == "}" else { return nil }
        var elements: [String?] = []
        var index = 1
        let end = scalars.count - 1
        if index == end { return [] }
        while index < end {
            if scalars[index] == "\"" {
                index += 1
                var element = String.UnicodeScalarView()
                var closed = false
                while index < end {
                    let character = scalars[index]
                    if character == "\\" {
                        guard index + 1 < end else { return nil }
                        element.append(scalars[index + 1])
                        index += 2
                    } else if character == "\"" {
                        index += 1
                        closed = true
                        break
                    } else {
                        element.append(character)
                        index += 1
                    }
                }
                guard closed else { return nil }
                elements.append(String(element))
            } else {
                var element = String.UnicodeScalarView()
                while index < end, scalars[index] != "," {
                    if scalars[index] == "{" || scalars[index] == "}" || scalars[index] == "\"" { return nil }
                    element.append(scalars[index])
                    index += 1
                }
                let value = String(element)
                if value.isEmpty { return nil }
                elements.append(value.uppercased() == "NULL" ? nil : value)
            }
            if index < end {
                guard scalars[index] == "," else { return nil }
                index += 1
                if index == end { return nil }
            }
        }
        return elements
    }

    static func parseNonNull(_ text: String, context: PostgresDecodingContext, as swiftType: Any.Type) throws -> [String] {
        guard let elements = parse(text) else { throw context.invalidText(text, as: swiftType) }
        return try elements.map { element in
            guard let element else {
                throw PostgresError(
                    kind: .decoding,
                    message: "column \(context.columnName) contains a NULL element, cannot decode as \(swiftType)"
                )
            }
            return element
        }
    }
}
