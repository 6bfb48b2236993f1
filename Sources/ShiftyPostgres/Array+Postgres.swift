extension Array: PostgresEncodable where Element: PostgresArrayElement {
    public static var postgresType: PostgresTypeOID { Element.postgresArrayType }
    public func postgresText() throws -> String? { try Element.postgresArrayText(self) }
}

extension Array: PostgresDecodable where Element: PostgresArrayElement {
    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> [Element] {
        try Element.decodePostgresArray(postgresText: postgresText, context: context)
    }
}
