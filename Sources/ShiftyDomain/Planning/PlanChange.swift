import Foundation

/// One change a manager makes to the plan of a week: the operations of `POST /plan/changes`.
public enum PlanChange: Sendable, Hashable {
    /// A new shift for `owner` (its id is ignored: the draft names it).
    case create(NewShift)
    /// New times or position, same person and date.
    case edit(start: Date, end: Date, position: String?)
    /// Another person works it (it leaves the marketplace if it was released).
    case assign(UserID)
    /// To another day (and times), and to `owner` when given: one change, previewed and checked as
    /// one. A published shift that moves to another date is published as its removal and a new shift
    /// on that date (its old date keeps the removed shift, so generation never brings it back there).
    case move(date: LocalDate, start: Date, end: Date, owner: UserID?)
    /// To the marketplace at publish: anyone else may pick it up, its owner covers it until then.
    case release
    /// Off the schedule at publish (a new shift's draft simply goes).
    case remove
    /// Back to the published shift: the draft goes.
    case revert

    /// Stable snake_case name, as the API spells the operation.
    public var name: String {
        switch self {
        case .create: "create"
        case .edit: "edit"
        case .assign: "assign"
        case .move: "move"
        case .release: "release"
        case .remove: "remove"
        case .revert: "revert"
        }
    }
}
