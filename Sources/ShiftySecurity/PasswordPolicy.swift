/// The rules a new password must meet before it is hashed.
///
/// The upper bound exists so nobody can make the server hash megabytes: Argon2 cost grows
/// with the input, and the login endpoint is unauthenticated.
public struct PasswordPolicy: Sendable {
    public var minimumCharacters: Int
    public var maximumBytes: Int

    public init(minimumCharacters: Int = 8, maximumBytes: Int = 1024) {
        self.minimumCharacters = minimumCharacters
        self.maximumBytes = maximumBytes
    }

    public enum Violation: Error, Equatable, Sendable {
        case tooShort(minimum: Int)
        case tooLong(maximumBytes: Int)
    }

    /// Returns the first rule `password` breaks, or nil when it is acceptable.
    public func violation(for password: String) -> Violation? {
        if password.utf8.count > maximumBytes { return .tooLong(maximumBytes: maximumBytes) }
        if password.count < minimumCharacters { return .tooShort(minimum: minimumCharacters) }
        return nil
    }
}
