import CLibPQ

/// Builds and rewrites libpq connection strings.
public enum PostgresConnectionString {
    /// `key='value' …` with the quoting libpq expects, so paths with spaces survive.
    public static func make(_ parameters: [(key: String, value: String)]) -> String {
        parameters.map { "\($0.key)=\(quote($0.value))" }.joined(separator: " ")
    }

    /// The same connection, but to another database (accepts conninfo and URL forms).
    public static func replacingDatabase(in connectionString: String, with database: String) throws -> String {
        var parameters = try parse(connectionString).filter { $0.key != "dbname" }
        parameters.append((key: "dbname", value: database))
        return make(parameters)
    }

    /// The explicitly set parameters of a connection string.
    public static func parse(_ connectionString: String) throws -> [(key: String, value: String)] {
        var errorMessage: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(connectionString, &errorMessage) else {
            let message = errorMessage.map { String(cString: $0) } ?? "invalid connection string"
            if let errorMessage { PQfreemem(errorMessage) }
            throw PostgresError(kind: .invalidArgument, message: message.trimmingTrailingWhitespace)
        }
        defer { PQconninfoFree(options) }
        var result: [(key: String, value: String)] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                result.append((String(cString: keyword), String(cString: value)))
            }
            option += 1
        }
        return result
    }

    /// Why `connectionString` is unsafe for a server that writes, or `nil`.
    ///
    /// With several hosts (`host=a,b`, `postgres://a,b/…`) libpq takes the first that answers, which
    /// after a failover may be the read-only standby: writes would fail there and LISTEN would never
    /// hear a NOTIFY. `target_session_attrs=read-write` (or `primary`) makes libpq skip standbys, so
    /// every new connection finds the current primary by itself.
    public static func multiHostProblem(in connectionString: String) throws -> String? {
        let parameters = try parse(connectionString)
        let hosts = parameters.filter { $0.key == "host" || $0.key == "hostaddr" }.map(\.value)
        guard hosts.contains(where: { $0.contains(",") }) else { return nil }
        let attributes = parameters.last { $0.key == "target_session_attrs" }?.value ?? "any"
        guard attributes != "read-write", attributes != "primary" else { return nil }
        return "the database connection string names several hosts but target_session_attrs is '\(attributes)': "
            + "add target_session_attrs=read-write so that Shifty only connects to the primary"
    }

    static func quote(_ value: String) -> String {
        var quoted = "'"
        for character in value {
            if character == "'" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "'"
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var result = Substring(self)
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return String(result)
    }
}
