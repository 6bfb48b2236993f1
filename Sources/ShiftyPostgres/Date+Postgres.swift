import Foundation

private let dateColumnTypes: [PostgresTypeOID] = [.timestamptz, .timestamp, .date]

extension Date: PostgresEncodable, PostgresDecodable {
    public static var postgresType: PostgresTypeOID { .timestamptz }

    public func postgresText() throws -> String? { PostgresTimestamp.format(self) }

    /// Accepts `timestamptz`, `timestamp` (interpreted as UTC) and `date` (midnight UTC).
    public static func decode(postgresText: String, context: PostgresDecodingContext) throws -> Date {
        try context.require(dateColumnTypes, for: Date.self)
        guard let date = PostgresTimestamp.parse(postgresText) else {
            throw context.invalidText(postgresText, as: Date.self)
        }
        return date
    }
}
