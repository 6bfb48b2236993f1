import ShiftyDomain

/// Body of POST /fixed-shifts. `ownerId` defaults to the caller; managers may name anyone.
package struct CreateFixedShiftRequest: Decodable, Sendable {
    package var ownerId: Int64?
    /// ISO weekday, 1 = Monday … 7 = Sunday.
    package var weekday: Int
    /// Local "HH:MM".
    package var startTime: String
    package var durationMinutes: Int
    package var position: String?
    /// "YYYY-MM-DD"; defaults to today.
    package var validFrom: String?
    package var validUntil: String?
    /// `true` (managers) to break the overridable rules on purpose (with `reason`).
    package var override: Bool?
    package var reason: String?

    package var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}

/// Body of PATCH /fixed-shifts/{id}: only the fields given change.
package struct UpdateFixedShiftRequest: Decodable, Sendable {
    package var weekday: Int?
    package var startTime: String?
    package var durationMinutes: Int?
    package var position: String?
    package var validFrom: String?
    package var validUntil: String?
    /// `true` (managers) to break the overridable rules on purpose (with `reason`).
    package var override: Bool?
    package var reason: String?

    package var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}

/// Body of POST /shifts (a manager's one-off shift).
package struct CreateShiftRequest: Decodable, Sendable {
    package var ownerId: Int64
    package var date: String
    package var startTime: String
    package var durationMinutes: Int
    package var position: String?
    /// `true` to break the overridable rules on purpose (with `reason`).
    package var override: Bool?
    package var reason: String?

    package var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}

/// Body of PATCH /shifts/{id} and POST /shifts/{id}/edit/preview: only the fields given change
/// (`position: ""` clears it).
package struct EditShiftRequest: Decodable, Sendable {
    package var startTime: String?
    package var durationMinutes: Int?
    package var position: String?
    /// `true` to break the overridable rules on purpose (with `reason`).
    package var override: Bool?
    package var reason: String?

    package var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}

/// Body of POST /shifts/{id}/assign.
package struct AssignShiftRequest: Decodable, Sendable {
    package var ownerId: Int64
    /// `true` to break the overridable rules on purpose (with `reason`).
    package var override: Bool?
    package var reason: String?

    package var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}

/// Body of POST /closed-days.
package struct CreateClosedDayRequest: Decodable, Sendable {
    package var date: String
    package var name: String
}
