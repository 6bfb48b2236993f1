private let doubleColumnTypes: [PostgresTypeOID] = [.float4, .float8, .numeric, .int2, .int4, .int8]

extension Double: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .float8 }

    public func postgresText() throws -> String? {
        if isNaN { return "NaN" }
        if isInfinite { return self < 0 ? "-Infinity" : "Infinity" }
        // Swift's shortest round-trip representation, which PostgreSQL parses exactly.
        return "\(self)"
    }

    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Double {
        try context.require(doubleColumnTypes, for: Double.self)
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
