/// SQL identifiers for the few statements that cannot take parameters (`LISTEN`, `CREATE DATABASE`).
public enum PostgresIdentifier {
    /// Letters, digits and underscores, not starting with a digit, at most 63 bytes: anything else
    /// is refused rather than escaped, since these names come from our own code.
    public static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= 63 else { return false }
        if ("0"..."9").contains(first) { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
        }
    }

    /// Double-quoted (case preserved); embedded quotes are doubled.
    public static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Throws ``PostgresError/Kind/invalidArgument`` unless ``isValid(_:)``.
    public static func validated(_ name: String, what: String) throws -> String {
        guard isValid(name) else {
            throw PostgresError(
                kind: .invalidArgument,
                message: "invalid \(what) \"\(name)\": use letters, digits and underscores only (at most 63 bytes, not starting with a digit)"
            )
        }
        return name
    }
}
