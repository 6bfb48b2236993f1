/// A workplace's money settings for planning: the currency wages are in and the week's labour
/// budget (managers only: `GET/PUT /plan/budget`). A week over budget is a warning, never a
/// refusal: spending is the manager's call.
public struct LabourBudget: Sendable, Hashable {
    /// ISO 4217, three capital letters (`EUR`, `USD`).
    public var currency: String
    /// The most a week's scheduled labour should cost, in the currency's cents; `nil`: no budget.
    public var weeklyCents: Int?

    public init(currency: String = "EUR", weeklyCents: Int? = nil) {
        self.currency = currency
        self.weeklyCents = weeklyCents
    }

    /// The highest budget: a billion in the currency's units, far above any week of one workplace.
    public static let weeklyCentsRange = 0...100_000_000_000

    /// The budget as it will be stored, or what is wrong with it.
    public static func checked(currency: String, weeklyCents: Int?) throws(LabourBudgetRefusal) -> LabourBudget {
        guard currency.utf8.count == 3, currency.utf8.allSatisfy({ (65...90).contains($0) }) else { throw .currencyNotISO4217 }
        if let weeklyCents, !weeklyCentsRange.contains(weeklyCents) { throw .budgetOutOfRange }
        return LabourBudget(currency: currency, weeklyCents: weeklyCents)
    }
}

/// Why a labour budget was refused; the edge names the field.
public enum LabourBudgetRefusal: Error, Sendable, Hashable {
    /// Not three capital letters.
    case currencyNotISO4217
    /// Below 0 or above ``LabourBudget/weeklyCentsRange``.
    case budgetOutOfRange

    public var field: String {
        switch self {
        case .currencyNotISO4217: "currency"
        case .budgetOutOfRange: "weeklyBudgetCents"
        }
    }
}
