import Foundation

private let uuidColumnTypes: [PostgresTypeOID] = [.uuid, .text, .varchar]

extension UUID: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .uuid }
    public func postgresText() throws -> String? { uuidString.lowercased() }

    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> UUID {
        try context.require(uuidColumnTypes, for: UUID.self)
        guard let value = UUID(uuidString: postgresText) else { throw context.invalidText(postgresText, as: UUID.self) }
        return value
    }
}
