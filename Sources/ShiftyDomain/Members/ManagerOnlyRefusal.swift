/// An employee asking for what only a manager of the workplace may do.
///
/// Routes for managers are already closed to employees by their request context; services that
/// tools and tests call directly check again and throw this, which the edge answers as 403
/// `manager_only`.
public struct ManagerOnlyRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public init() {}

    public var description: String { "manager_only" }
}
