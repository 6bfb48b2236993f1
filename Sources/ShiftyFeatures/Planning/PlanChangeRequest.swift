import Foundation
import ShiftyDomain

/// Body of `POST /plan/changes` and `POST /plan/changes/preview`: one change of a manager's plan.
/// `shiftId` names a shift of `GET /plan`: a published shift (positive) or a shift new in the
/// draft (negative). Which other fields an operation needs: `create` ownerId, date, startTime,
/// durationMinutes (position); `edit` startTime, durationMinutes (position; the date stays);
/// `assign` ownerId; `move` date (ownerId, startTime, durationMinutes: left out, unchanged);
/// `release`, `remove` and `revert` nothing more.
package struct PlanChangeRequest: Decodable, Sendable {
    package enum Operation: String, Decodable, Sendable, CaseIterable {
        case create, edit, assign, move, release, remove, revert
    }

    package var op: Operation
    package var shiftId: Int64?
    package var ownerId: Int64?
    package var date: String?
    package var startTime: String?
    package var durationMinutes: Int?
    package var position: String?
    /// `true` to break the overridable rules on purpose (with `reason`), as the immediate routes.
    package var override: Bool?
    package var reason: String?

    package var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }

    package init(
        op: Operation, shiftId: Int64? = nil, ownerId: Int64? = nil, date: String? = nil, startTime: String? = nil,
        durationMinutes: Int? = nil, position: String? = nil, override: Bool? = nil, reason: String? = nil
    ) {
        self.op = op
        self.shiftId = shiftId
        self.ownerId = ownerId
        self.date = date
        self.startTime = startTime
        self.durationMinutes = durationMinutes
        self.position = position
        self.override = override
        self.reason = reason
    }

    func required<Value>(_ value: Value?, _ field: PlanRefusal.Field) throws -> Value {
        guard let value else { throw PlanRefusal.fieldRequired(field) }
        return value
    }
}

/// Body of `POST /plan/publish/preview` and `POST /plan/publish`: the local dates to publish and,
/// to publish, the revision the preview answered.
package struct PublishPlanRequest: Decodable, Sendable {
    package var from: String
    package var to: String
    package var revision: Int64?

    package init(from: String, to: String, revision: Int64? = nil) {
        self.from = from
        self.to = to
        self.revision = revision
    }

    func range() throws -> (LocalDate, LocalDate) {
        guard let first = LocalDate(from) else { throw ShiftRefusal.malformedDate(.from) }
        guard let last = LocalDate(to) else { throw ShiftRefusal.malformedDate(.to) }
        try ShiftRules.checkPlanningRange(from: first, to: last)
        return (first, last)
    }
}
