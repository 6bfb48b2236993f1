/// One result column: its name and type.
public struct PostgresColumn: Sendable, Hashable {
    public var name: String
    public var type: PostgresTypeOID
}
