/// A new password (or PIN-less secret) that breaks the ``PasswordPolicy``, with the field it came in.
///
/// The field is part of the refusal because one request can carry two secrets (the current and
/// the new password); the edge words the rule in the caller's language.
public struct PasswordRefusal: Error, Equatable, Sendable {
    /// The body field, spelled as on the wire (`password`, `newPassword`, `manager.password`).
    public var field: String
    public var violation: PasswordPolicy.Violation

    public init(field: String, violation: PasswordPolicy.Violation) {
        self.field = field
        self.violation = violation
    }
}
