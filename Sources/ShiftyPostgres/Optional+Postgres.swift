extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    public static var postgresType: PostgresTypeOID { Wrapped.postgresType }

    public func postgresText() throws -> String? {
        switch self {
        case .none: nil
        case .some(let wrapped): try wrapped.postgresText()
        }
    }
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Self {
        try Wrapped.decode(postgresText: postgresText, context: context)
    }

    public static func decodeNull(context: PostgresDecodingContext) throws -> Self {
        .none
    }
}
