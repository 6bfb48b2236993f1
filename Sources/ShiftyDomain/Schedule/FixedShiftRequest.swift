/// A fixed-shift request (`fixed_shift_requests.id`).
public struct FixedShiftRequestID: DomainIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A fixed-shift request as the rules see it: whose it is, what it asks and where it stands. The
/// server's `FixedShiftRequestView` is what clients read; this is what ``FixedShiftRequestDecider``
/// decides on.
public struct FixedShiftRequest: Sendable, Hashable, Codable {
    public var id: FixedShiftRequestID
    /// The employee who asked.
    public var member: UserID
    public var kind: FixedShiftRequestKind
    public var status: FixedShiftRequestStatus
    /// The fixed shift a change or an end is about (an approved add: the one it created).
    public var fixedShift: FixedShiftID?
    /// What an add or a change proposes, as stored.
    public var proposal: FixedShiftProposal

    public init(
        id: FixedShiftRequestID, member: UserID, kind: FixedShiftRequestKind, status: FixedShiftRequestStatus,
        fixedShift: FixedShiftID?, proposal: FixedShiftProposal = FixedShiftProposal()
    ) {
        self.id = id
        self.member = member
        self.kind = kind
        self.status = status
        self.fixedShift = fixedShift
        self.proposal = proposal
    }
}

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
