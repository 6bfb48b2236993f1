/// A catalogue value: a sentence with `{placeholders}`, or its plural forms by CLDR category.
///
/// Plural forms are written `{"one": "{count} shift", "other": "{count} shifts"}`; the categories are
/// CLDR's (`zero`, `one`, `two`, `few`, `many`, `other`) so the browser's `Intl.PluralRules` and
/// `PluralCategory` pick the same form, and `other` is required.
public enum CatalogueEntry: Sendable, Equatable {
    case text(String)
    case plural([PluralCategory: String])

    /// The placeholder names the entry uses, across all its forms (`{count}` included).
    public var placeholders: Set<String> {
        switch self {
        case .text(let text): return Self.placeholders(in: text)
        case .plural(let forms): return forms.values.reduce(into: []) { $0.formUnion(Self.placeholders(in: $1)) }
        }
    }

    /// The names between braces: `{name}` is a placeholder; braces never nest in our catalogues.
    static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        var current: String?
        for character in text {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                if !name.isEmpty { names.insert(name) }
                current = nil
            } else if current != nil {
                if character.isLetter || character.isNumber || character == "_" {
                    current?.append(character)
                } else {
                    current = nil
                }
            }
        }
        return names
    }
}
