/// What an employee asks a manager about one of their fixed shifts, where the workplace does not
/// let employees change them directly (`employeesManageFixedShifts` off).
public enum FixedShiftRequestKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A new weekly fixed shift.
    case add
    /// Another weekday, time, length or position (or validity) for an existing one.
    case change
    /// Ending an existing one.
    case end

    /// Whether the request names the fixed shift it is about.
    public var concernsExistingFixedShift: Bool { self != .add }
}

/// Where a fixed-shift request stands. Only a pending request moves, and only once: a manager
/// approves or declines it, or the employee withdraws it.
public enum FixedShiftRequestStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case pending
    case approved
    case declined
    case withdrawn

    /// What can happen to a request.
    public enum Decision: Sendable, Hashable, CaseIterable {
        case approve
        case decline
        case withdraw
    }

    /// The status after `decision`, or `nil` when the request is no longer pending (decided twice,
    /// decided after a withdrawal, withdrawn after a decision).
    public func after(_ decision: Decision) -> FixedShiftRequestStatus? {
        guard self == .pending else { return nil }
        switch decision {
        case .approve: return .approved
        case .decline: return .declined
        case .withdraw: return .withdrawn
        }
    }
}
