import ShiftyDomain

/// Body of POST /fixed-shifts. `ownerId` defaults to the caller; managers may name anyone.
struct CreateFixedShiftRequest: Decodable, Sendable {
    var ownerId: Int64?
    /// ISO weekday, 1 = Monday … 7 = Sunday.
    var weekday: Int
    /// Local "HH:MM".
    var startTime: String
    var durationMinutes: Int
    var position: String?
    /// "YYYY-MM-DD"; defaults to today.
    var validFrom: String?
    var validUntil: String?
    /// `true` (managers) to break the overridable rules on purpose (with `reason`).
    var override: Bool?
    var reason: String?

    var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}

/// Body of PATCH /fixed-shifts/{id}: only the fields given change.
struct UpdateFixedShiftRequest: Decodable, Sendable {
    var weekday: Int?
    var startTime: String?
    var durationMinutes: Int?
    var position: String?
    var validFrom: String?
    var validUntil: String?
    /// `true` (managers) to break the overridable rules on purpose (with `reason`).
    var override: Bool?
    var reason: String?

    var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}

/// Body of POST /shifts (a manager's one-off shift).
struct CreateShiftRequest: Decodable, Sendable {
    var ownerId: Int64
    var date: String
    var startTime: String
    var durationMinutes: Int
    var position: String?
    /// `true` to break the overridable rules on purpose (with `reason`).
    var override: Bool?
    var reason: String?

    var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}

/// Body of PATCH /shifts/{id} and POST /shifts/{id}/edit/preview: only the fields given change
/// (`position: ""` clears it).
struct EditShiftRequest: Decodable, Sendable {
    var startTime: String?
    var durationMinutes: Int?
    var position: String?
    /// `true` to break the overridable rules on purpose (with `reason`).
    var override: Bool?
    var reason: String?

    var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}

/// Body of POST /shifts/{id}/assign.
struct AssignShiftRequest: Decodable, Sendable {
    var ownerId: Int64
    /// `true` to break the overridable rules on purpose (with `reason`).
    var override: Bool?
    var reason: String?

    var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}

/// Body of POST /closed-days.
struct CreateClosedDayRequest: Decodable, Sendable {
    var date: String
    var name: String
}
