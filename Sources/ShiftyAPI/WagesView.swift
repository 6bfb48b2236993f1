/// One hourly wage from a date on (openapi.yaml `Wage`): the latest one on or before a date applies.
public struct WageView: Codable, Sendable, Hashable {
    /// `YYYY-MM-DD`.
    public var effectiveFrom: String
    /// Per hour, in cents of the workplace's currency.
    public var hourlyCents: Int

    public init(effectiveFrom: String, hourlyCents: Int) {
        self.effectiveFrom = effectiveFrom
        self.hourlyCents = hourlyCents
    }
}

/// A member's wages (openapi.yaml `MemberWages`): `GET/PUT /api/v1/users/{id}/wages`, managers
/// only. No other route, live event or notification carries a wage.
public struct MemberWagesView: Codable, Sendable, Hashable {
    public var userId: Int64
    /// The workplace's currency (``LabourBudgetView/currency``).
    public var currency: String
    /// Oldest first.
    public var wages: [WageView]

    public init(userId: Int64, currency: String, wages: [WageView]) {
        self.userId = userId
        self.currency = currency
        self.wages = wages
    }
}

/// The body of `PUT /api/v1/users/{id}/wages`: the member's whole list, replacing what was there.
public struct SetWagesBody: Codable, Sendable, Hashable {
    public var wages: [WageView]

    public init(wages: [WageView]) {
        self.wages = wages
    }
}

/// The workplace's currency and weekly labour budget (openapi.yaml `LabourBudget`):
/// `GET/PUT /api/v1/plan/budget`, managers only.
public struct LabourBudgetView: Codable, Sendable, Hashable {
    /// ISO 4217 (`EUR`, `USD`).
    public var currency: String
    /// The most a week's scheduled labour should cost, in cents; `null`: no budget.
    public var weeklyBudgetCents: Int?

    public init(currency: String, weeklyBudgetCents: Int?) {
        self.currency = currency
        self.weeklyBudgetCents = weeklyBudgetCents
    }

    /// `weeklyBudgetCents` written as `null` when there is none (the page and a PUT round-trip it).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(currency, forKey: .currency)
        try container.encode(weeklyBudgetCents, forKey: .weeklyBudgetCents)
    }
}
