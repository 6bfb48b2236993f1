/// Element types whose Swift arrays map to one PostgreSQL value.
///
/// Swift allows only one conditional conformance of `Array` to a protocol, so the element decides
/// how the whole array is represented: `[UInt8]` is `bytea`, `[String]` is `text[]`,
/// `[Int64]`/`[Int]` are `bigint[]`.
public protocol PostgresArrayElement: Sendable {
    static var postgresArrayType: PostgresTypeOID { get }
    static func postgresArrayText(_ elements: [Self]) throws -> String
    static func decodePostgresArray(postgresText: String, context: PostgresDecodingContext) throws -> [Self]
}

private let byteaColumnTypes: [PostgresTypeOID] = [.bytea]
private let textArrayColumnTypes: [PostgresTypeOID] = [.textArray, .varcharArray]
private let integerArrayColumnTypes: [PostgresTypeOID] = [.int8Array, .int4Array, .int2Array]

extension UInt8: PostgresArrayElement {
    public static var postgresArrayType: PostgresTypeOID { .bytea }

    public static func postgresArrayText(_ elements: [UInt8]) throws -> String {
        PostgresBytea.hexText(elements)
    }

    public static func decodePostgresArray(postgresText: String, context: PostgresDecodingContext) throws -> [UInt8] {
        try context.require(byteaColumnTypes, for: [UInt8].self)
        guard let bytes = PostgresBytea.bytes(fromHexText: postgresText) else {
            throw context.invalidText(postgresText, as: [UInt8].self)
        }
        return bytes
    }
}

extension String: PostgresArrayElement {
    public static var postgresArrayType: PostgresTypeOID { .textArray }

    public static func postgresArrayText(_ elements: [String]) throws -> String {
        for element in elements where element.containsNUL {
            throw PostgresError(kind: .invalidArgument, message: "strings sent to PostgreSQL cannot contain NUL characters")
        }
        return PostgresArrayLiteral.format(elements)
    }

    public static func decodePostgresArray(postgresText: String, context: PostgresDecodingContext) throws -> [String] {
        try context.require(textArrayColumnTypes, for: [String].self)
        return try PostgresArrayLiteral.parseNonNull(postgresText, context: context, as: [String].self)
    }
}

extension Int64: PostgresArrayElement {
    public static var postgresArrayType: PostgresTypeOID { .int8Array }

    public static func postgresArrayText(_ elements: [Int64]) throws -> String {
        PostgresArrayLiteral.format(elements.map { String($0) })
    }

    public static func decodePostgresArray(postgresText: String, context: PostgresDecodingContext) throws -> [Int64] {
        try context.require(integerArrayColumnTypes, for: [Int64].self)
        return try PostgresArrayLiteral.parseNonNull(postgresText, context: context, as: [Int64].self).map { text in
            guard let value = Int64(text) else { throw context.invalidText(postgresText, as: [Int64].self) }
            return value
        }
    }
}

extension Int: PostgresArrayElement {
    public static var postgresArrayType: PostgresTypeOID { .int8Array }

    public static func postgresArrayText(_ elements: [Int]) throws -> String {
        PostgresArrayLiteral.format(elements.map { String($0) })
    }

    public static func decodePostgresArray(postgresText: String, context: PostgresDecodingContext) throws -> [Int] {
        try Int64.decodePostgresArray(postgresText: postgresText, context: context).map { Int($0) }
    }
}
