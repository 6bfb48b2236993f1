import Foundation
import ShiftyAPI

/// Finds `null` values in a JSON request body that its type does not accept (``NullableRequestFields``).
///
/// Swift's `Decodable` reads `null` into an optional as if the key were missing, so without this
/// check `{"active": null}` or `{"role": null}` would be accepted as "no change" although
/// openapi.yaml does not allow `null` there.
enum JSONNullScan {
    /// The first field holding a `null` that `allowed` does not list, as a dotted path (array
    /// indices as numbers, as in every other 422 of the API); `nil` when there is none.
    static func disallowedNull(in data: Data, allowed: Set<String>) -> String? {
        // Most bodies have no `null` at all: skip parsing them twice.
        guard data.range(of: Data("null".utf8)) != nil,
              let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        return first(in: root, path: [], pattern: [], allowed: allowed)
    }

    private static func first(in value: Any, path: [String], pattern: [String], allowed: Set<String>) -> String? {
        switch value {
        case is NSNull:
            if allowed.contains(pattern.joined(separator: ".")) { return nil }
            return path.isEmpty ? "body" : path.joined(separator: ".")
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                if let found = first(in: object[key]!, path: path + [key], pattern: pattern + [key], allowed: allowed) { return found }
            }
            return nil
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = first(in: element, path: path + [String(index)], pattern: pattern + ["*"], allowed: allowed) { return found }
            }
            return nil
        default:
            return nil
        }
    }
}
