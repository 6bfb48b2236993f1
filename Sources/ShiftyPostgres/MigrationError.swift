/// A migration problem that needs a human: a bad file name, a gap, a changed file, a failing script.
public struct MigrationError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
