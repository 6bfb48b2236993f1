import Foundation

extension Data: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .bytea }

    public func postgresText() throws -> String? { PostgresBytea.hexText(self) }

    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Data {
        Data(try [UInt8].decode(postgresText: postgresText, context: context))
    }
}
