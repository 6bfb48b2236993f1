import Foundation

extension Double: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .float8 }

    public func postgresText() throws -> String? {
        if isNaN { return "NaN" }
        if isInfinite { return self < 0 ? "-Infinity" : "Infinity" }
        // Swift's shortest round-trip representation, which PostgreSQL parses exactly.
        return "\(self)"
    }

    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Double {
        try context.require([.float4, .float8, .numeric, .int2, .int4, .int8], for: Double.self)
        switch postgresText {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default:
            guard let value = Double(postgresText) else { throw context.invalidText(postgresText, as: Double.self) }
            return value
        }
    }
}

extension Bool: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .bool }
    public func postgresText() throws -> String? { self ? "t" : "f" }

    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Bool {
        try context.require([.bool], for: Bool.self)
        switch postgresText {
        case "t": return true
        case "f": return false
        default: throw context.invalidText(postgresText, as: Bool.self)
        }
    }
}

extension String: PostgresEncodable, PostgresDecodable {
    /// Unspecified so that a string can fill text, enum, `jsonb`, `timestamptz`… columns alike.
    public static var postgresType: PostgresTypeOID { .unspecified }

    public func postgresText() throws -> String? {
        // libpq takes C strings: a NUL would silently cut the value short. PostgreSQL text cannot
        // hold NUL anyway, so refuse it loudly.
        if utf8.contains(0) {
            throw PostgresError(kind: .invalidArgument, message: "strings sent to PostgreSQL cannot contain NUL characters")
        }
        return self
    }

    /// Every column has a text form, so `String` decodes anything (dates, intervals, JSON, numeric…).
    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> String {
        postgresText
    }
}

extension UUID: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .uuid }
    public func postgresText() throws -> String? { uuidString.lowercased() }

    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> UUID {
        try context.require([.uuid, .text, .varchar], for: UUID.self)
        guard let value = UUID(uuidString: postgresText) else { throw context.invalidText(postgresText, as: UUID.self) }
        return value
    }
}
