/// An employee's fixed-shift request as they typed it: the kind still text (an unknown one is
/// refused by name), the fixed shift it is about, the proposal and the reason.
public struct FixedShiftRequestDraft: Sendable, Hashable, Codable {
    /// `add`, `change` or `end`.
    public var kind: String
    /// The fixed shift a change or an end is about; an add names none.
    public var fixedShift: FixedShiftID?
    public var proposal: FixedShiftProposal
    /// Why, for the manager (optional).
    public var reason: String?

    public init(kind: String, fixedShift: FixedShiftID? = nil, proposal: FixedShiftProposal = FixedShiftProposal(), reason: String? = nil) {
        self.kind = kind
        self.fixedShift = fixedShift
        self.proposal = proposal
        self.reason = reason
    }
}

/// A fixed shift as loaded for a request's rules: the rule, and whether it is still running (not ended).
public struct ExistingFixedShift: Sendable, Hashable, Codable {
    public var fixedShift: FixedShift
    public var isActive: Bool

    public init(_ fixedShift: FixedShift, isActive: Bool) {
        self.fixedShift = fixedShift
        self.isActive = isActive
    }
}

/// What an approval needs to know beside the request, as loaded when it is decided: whether its
/// member is still an active member (an add), and the fixed shift it is about (a change or an end;
/// `nil` when it no longer exists).
public struct FixedShiftRequestFacts: Sendable, Hashable, Codable {
    public var memberIsActive: Bool
    public var fixedShift: ExistingFixedShift?

    public init(memberIsActive: Bool, fixedShift: ExistingFixedShift? = nil) {
        self.memberIsActive = memberIsActive
        self.fixedShift = fixedShift
    }
}
