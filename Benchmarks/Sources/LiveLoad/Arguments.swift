import Foundation

/// The generator's command line: `LiveLoad MODE --name value …`. Kept tiny on purpose (no argument
/// parser dependency in the benchmark package); a missing or malformed number is a usage error, never a trap.
struct Arguments {
    let mode: String
    private let values: [String: String]

    init(_ arguments: [String]) {
        mode = arguments.dropFirst().first ?? ""
        var values: [String: String] = [:]
        var index = 2
        while index < arguments.count {
            let name = arguments[index]
            if name.hasPrefix("--"), index + 1 < arguments.count {
                values[name] = arguments[index + 1]
                index += 2
            } else {
                index += 1
            }
        }
        self.values = values
    }

    func string(_ name: String) -> String? { values[name] }

    func string(_ name: String, default value: String) -> String { values[name] ?? value }

    func int(_ name: String, default value: Int) throws -> Int {
        guard let raw = values[name] else { return value }
        guard let parsed = Int(raw), parsed >= 0 else { throw UsageError("\(name) must be a whole number >= 0, not '\(raw)'") }
        return parsed
    }

    func required(_ name: String) throws -> String {
        guard let value = values[name], !value.isEmpty else { throw UsageError("missing \(name)") }
        return value
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
