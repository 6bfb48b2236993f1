/// Integer columns of any width decode into any Swift integer type as long as the value fits.
private let integerColumnTypes: [PostgresTypeOID] = [.int2, .int4, .int8, .oid]

extension FixedWidthInteger where Self: Sendable {
    fileprivate static func decodeInteger(postgresText: String, context: PostgresDecodingContext) throws -> Self {
        try context.require(integerColumnTypes, for: Self.self)
        guard let value = Self(postgresText) else {
            throw context.invalidText(postgresText, as: Self.self)
        }
        return value
    }
}

extension Int: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .int8 }
    public func postgresText() throws -> String? { String(self) }
    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Int {
        try decodeInteger(postgresText: postgresText, context: context)
    }
}

extension Int64: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .int8 }
    public func postgresText() throws -> String? { String(self) }
    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Int64 {
        try decodeInteger(postgresText: postgresText, context: context)
    }
}

extension Int32: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .int4 }
    public func postgresText() throws -> String? { String(self) }
    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Int32 {
        try decodeInteger(postgresText: postgresText, context: context)
    }
}
