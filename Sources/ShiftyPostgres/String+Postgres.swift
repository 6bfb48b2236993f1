extension String: PostgresEncodable, PostgresDecodable {
    /// Unspecified so that a string can fill text, enum, `jsonb`, `timestamptz`… columns alike.
    public static var postgresType: PostgresTypeOID { .unspecified }

    public func postgresText() throws -> String? {
        // libpq takes C strings: a NUL would silently cut the value short. PostgreSQL text cannot
        // hold NUL anyway, so refuse it loudly.
        if containsNUL {
            throw PostgresError(kind: .invalidArgument, message: "strings sent to PostgreSQL cannot contain NUL characters")
        }
        return self
    }

    /// Every column has a text form, so `String` decodes anything (dates, intervals, JSON, numeric…).
    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> String {
        postgresText
    }
}
