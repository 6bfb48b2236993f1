import Foundation

/// A draft in a manager's plan (openapi.yaml `PlanDraft`): which shift of the plan's `shifts` is
/// not published yet and how. `shiftId` is the shift's id in the plan: the published shift's, or
/// a negative number for a shift new in the draft (ids of published shifts are positive).
public struct PlanDraftView: Codable, Sendable, Hashable {
    public var draftId: Int64
    public var shiftId: Int64
    /// The state the page marks the shift with.
    public var state: State
    /// The published shift before the draft; absent for a new shift.
    public var before: MarketShift?
    /// The reason the manager gave for setting rules aside, when they did.
    public var overrideReason: String?

    public init(draftId: Int64, shiftId: Int64, state: State, before: MarketShift?, overrideReason: String?) {
        self.draftId = draftId
        self.shiftId = shiftId
        self.state = state
        self.before = before
        self.overrideReason = overrideReason
    }
}

extension PlanDraftView {
    /// How a draft changes its shift (openapi.yaml `PlanDraft.state`).
    public enum State: APIWord {
        /// A shift new in the draft.
        case new
        /// Other times, position or person.
        case changed
        /// Off the schedule at publish.
        case removed
        /// To the marketplace at publish, otherwise unchanged.
        case released
        /// A state of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.new, .changed, .removed, .released]

        public var rawValue: String {
            switch self {
            case .new: "new"
            case .changed: "changed"
            case .removed: "removed"
            case .released: "released"
            case .unknown(let word): word
            }
        }
    }
}

/// What a change of the plan left (openapi.yaml `PlanChangeResult`): `POST /api/v1/plan/changes`.
public struct PlanChangeResult: Codable, Sendable, Hashable {
    /// The plan's revision after the change (the publish preview's token).
    public var revision: Int64
    /// The draft the change left; absent when it left none (a revert, a change back to the published shift).
    public var draftId: Int64?
    /// The shift's id in the plan (negative for a new shift) when a draft is left.
    public var shiftId: Int64?

    public init(revision: Int64, draftId: Int64?, shiftId: Int64?) {
        self.revision = revision
        self.draftId = draftId
        self.shiftId = shiftId
    }
}

/// What discarding drafts did (openapi.yaml `PlanDiscardResult`): `DELETE /api/v1/plan/drafts`.
public struct PlanDiscardResult: Codable, Sendable, Hashable {
    public var discarded: Int
    public var revision: Int64

    public init(discarded: Int, revision: Int64) {
        self.discarded = discarded
        self.revision = revision
    }
}
