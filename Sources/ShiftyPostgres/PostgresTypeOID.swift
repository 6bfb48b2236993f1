/// The OID of a PostgreSQL data type, as reported for result columns and sent with parameters.
public struct PostgresTypeOID: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Lets the server infer the parameter's type from context (used for `String`, so strings can
    /// fill `jsonb`, enum or `timestamptz` columns).
    public static let unspecified = PostgresTypeOID(rawValue: 0)
    public static let bool = PostgresTypeOID(rawValue: 16)
    public static let bytea = PostgresTypeOID(rawValue: 17)
    public static let name = PostgresTypeOID(rawValue: 19)
    public static let int8 = PostgresTypeOID(rawValue: 20)
    public static let int2 = PostgresTypeOID(rawValue: 21)
    public static let int4 = PostgresTypeOID(rawValue: 23)
    public static let text = PostgresTypeOID(rawValue: 25)
    public static let oid = PostgresTypeOID(rawValue: 26)
    public static let json = PostgresTypeOID(rawValue: 114)
    public static let float4 = PostgresTypeOID(rawValue: 700)
    public static let float8 = PostgresTypeOID(rawValue: 701)
    public static let unknown = PostgresTypeOID(rawValue: 705)
    public static let int2Array = PostgresTypeOID(rawValue: 1005)
    public static let int4Array = PostgresTypeOID(rawValue: 1007)
    public static let textArray = PostgresTypeOID(rawValue: 1009)
    public static let varcharArray = PostgresTypeOID(rawValue: 1015)
    public static let int8Array = PostgresTypeOID(rawValue: 1016)
    public static let bpchar = PostgresTypeOID(rawValue: 1042)
    public static let varchar = PostgresTypeOID(rawValue: 1043)
    public static let date = PostgresTypeOID(rawValue: 1082)
    public static let time = PostgresTypeOID(rawValue: 1083)
    public static let timestamp = PostgresTypeOID(rawValue: 1114)
    public static let timestamptz = PostgresTypeOID(rawValue: 1184)
    public static let interval = PostgresTypeOID(rawValue: 1186)
    public static let numeric = PostgresTypeOID(rawValue: 1700)
    public static let uuid = PostgresTypeOID(rawValue: 2950)
    public static let jsonb = PostgresTypeOID(rawValue: 3802)

    /// The SQL name for types Shifty uses, `oid <n>` for others (error messages only).
    public var description: String {
        switch self {
        case .bool: "boolean"
        case .bytea: "bytea"
        case .name: "name"
        case .int8: "bigint"
        case .int2: "smallint"
        case .int4: "integer"
        case .text: "text"
        case .oid: "oid"
        case .json: "json"
        case .float4: "real"
        case .float8: "double precision"
        case .unknown: "unknown"
        case .int2Array: "smallint[]"
        case .int4Array: "integer[]"
        case .textArray: "text[]"
        case .varcharArray: "varchar[]"
        case .int8Array: "bigint[]"
        case .bpchar: "character"
        case .varchar: "varchar"
        case .date: "date"
        case .time: "time"
        case .timestamp: "timestamp"
        case .timestamptz: "timestamptz"
        case .interval: "interval"
        case .numeric: "numeric"
        case .uuid: "uuid"
        case .jsonb: "jsonb"
        default: "oid \(rawValue)"
        }
    }
}
