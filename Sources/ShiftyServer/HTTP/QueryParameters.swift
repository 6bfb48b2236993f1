import Hummingbird
import ShiftyDomain
import ShiftyServerCore

/// A request's query string, read strictly: the one way routes read query parameters.
///
/// A value that is present but not what the parameter takes (`weeks=abc`, `userId=abc`, a number
/// too large for its type, `includeInactive=maybe`, the same name twice) answers 400
/// `invalid_parameter` naming the parameter, instead of being ignored and quietly answering for
/// the default (`weeks=abc` used to mean eight weeks, `userId=abc` everyone). Absent parameters
/// are `nil`; each route decides their default.
struct QueryParameters {
    private let parameters: Parameters

    init(_ request: Request) {
        parameters = request.uri.queryParameters
    }

    /// The 400 problem for a bad query value, in the caller's language.
    static func invalid(_ name: String, _ reason: ProblemText) -> Problem {
        .invalidParameter(name, reason)
    }

    /// The raw value; a parameter given more than once is refused (which one was meant?).
    func string(_ name: String) throws -> String? {
        let values = parameters.getAll(name)
        guard values.count <= 1 else { throw Self.invalid(name, ProblemText("server.invalid.givenRepeatedly", ["count": String(values.count)])) }
        return values.first
    }

    func string(_ name: String, maxLength: Int) throws -> String? {
        guard let text = try string(name) else { return nil }
        guard text.count <= maxLength else { throw Self.invalid(name, ProblemText("server.invalid.mustBeAtMost", ["limit": String(maxLength)])) }
        return text
    }

    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = try string(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw Self.invalid(name, ProblemText("server.invalid.integerRange", ["lowest": String(range.lowerBound), "highest": String(range.upperBound)]))
        }
        return value
    }

    /// A positive id (of a member, punch, event …).
    func id(_ name: String) throws -> Int64? {
        guard let text = try string(name) else { return nil }
        guard let value = Int64(text), value > 0 else { throw Self.invalid(name, ProblemText("server.invalid.id")) }
        return value
    }

    /// A required list of ids, comma-separated (`shiftIds=4,7,9`): each a positive integer, no
    /// repeats, from one to `maximumCount` of them.
    func ids(_ name: String, maximumCount: Int) throws -> [Int64] {
        guard let text = try string(name), !text.isEmpty else {
            throw Self.invalid(name, ProblemText("server.invalid.idsRequired"))
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= maximumCount else { throw Self.invalid(name, ProblemText("server.invalid.tooManyIds", ["limit": String(maximumCount)])) }
        var ids: [Int64] = []
        for part in parts {
            guard let id = Int64(part), id > 0 else { throw Self.invalid(name, ProblemText("server.invalid.idsMalformed")) }
            guard !ids.contains(id) else { throw Self.invalid(name, ProblemText("server.invalid.idRepeated", ["id": String(id)])) }
            ids.append(id)
        }
        return ids
    }

    func date(_ name: String) throws -> LocalDate? {
        guard let text = try string(name) else { return nil }
        guard let date = LocalDate(text) else { throw Self.invalid(name, ProblemText("server.invalid.dateParameter")) }
        return date
    }

    func requiredDate(_ name: String) throws -> LocalDate {
        guard let date = try date(name) else { throw Self.invalid(name, ProblemText("server.invalid.dateRequired")) }
        return date
    }

    func bool(_ name: String) throws -> Bool? {
        switch try string(name) {
        case nil: return nil
        case "true": return true
        case "false": return false
        default: throw Self.invalid(name, ProblemText("server.invalid.mustBeType", sentences: ["type": ProblemText("server.invalid.jsonType.bool")]))
        }
    }

    /// One of a fixed set of words.
    func oneOf<Value: RawRepresentable & CaseIterable>(_ name: String, _ type: Value.Type) throws -> Value? where Value.RawValue == String {
        guard let text = try string(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            throw Self.invalid(name, ProblemText("server.invalid.oneOf", ["values": Value.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
        return value
    }
}
