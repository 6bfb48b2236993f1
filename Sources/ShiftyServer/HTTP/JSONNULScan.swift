import Foundation

/// Finds NUL characters in a JSON request body before it is decoded.
///
/// PostgreSQL text cannot hold U+0000, so a string carrying one used to reach the database and fail
/// there as a 500 on every endpoint that stores text. Checking the body once, where every request body
/// is decoded (``Request/decodeJSON(_:context:)``), refuses them all with a 422 naming the field,
/// without each store or validator having to remember it.
enum JSONNULScan {
    /// Whether the body holds a NUL: raw, or escaped as `\u0000` inside a string (and not as the text
    /// `\\u0000`, an escaped backslash followed by letters).
    static func containsNUL(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var inString = false
        while let byte = iterator.next() {
            if byte == 0 { return true }
            guard inString else {
                if byte == UInt8(ascii: "\"") { inString = true }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = false
            case UInt8(ascii: "\\"):
                guard let escaped = iterator.next() else { return false }
                if escaped == 0 { return true }
                guard escaped == UInt8(ascii: "u") else { continue }
                var allZero = true
                for _ in 0..<4 {
                    guard let digit = iterator.next() else { return false }
                    if digit == 0 { return true }
                    if digit != UInt8(ascii: "0") { allZero = false }
                }
                if allZero { return true }
            default:
                continue
            }
        }
        return false
    }

    /// The dotted path of the first string (value or key) holding a NUL, as validation errors name
    /// fields (`lines.0.note`); nil when the body does not parse or holds none.
    static func fieldPath(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return path(of: object, prefix: [])
    }

    private static func path(of value: Any, prefix: [String]) -> String? {
        switch value {
        case let string as String:
            return string.utf8.contains(0) ? prefix.joined(separator: ".") : nil
        case let dictionary as [String: Any]:
            for key in dictionary.keys.sorted() {
                if key.utf8.contains(0) { return (prefix + [key.replacingOccurrences(of: "\u{0}", with: "")]).joined(separator: ".") }
                if let found = path(of: dictionary[key]!, prefix: prefix + [key]) { return found }
            }
            return nil
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = path(of: element, prefix: prefix + [String(index)]) { return found }
            }
            return nil
        default:
            return nil
        }
    }
}
