private let boolColumnTypes: [PostgresTypeOID] = [.bool]

extension Bool: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .bool }
    public func postgresText() throws -> String? { self ? "t" : "f" }

    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Bool {
        try context.require(boolColumnTypes, for: Bool.self)
        switch postgresText {
        case "t": return true
        case "f": return false
        default: throw context.invalidText(postgresText, as: Bool.self)
        }
    }
}
