/// Why the embedded PostgreSQL cluster could not be set up.
public struct EmbeddedPostgresError: Error, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
