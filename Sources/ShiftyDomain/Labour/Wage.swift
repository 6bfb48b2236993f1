/// An hourly wage from a date on (`member_wages`): the latest one on or before a date applies.
public struct Wage: Sendable, Hashable {
    public var effectiveFrom: LocalDate
    /// The wage per hour in the currency's cents (``LabourBudget/currency``).
    public var hourlyCents: Int

    public init(effectiveFrom: LocalDate, hourlyCents: Int) {
        self.effectiveFrom = effectiveFrom
        self.hourlyCents = hourlyCents
    }

    /// The highest hourly wage: 10,000 in any currency's units a hour, far above any wage and far
    /// below what a week's sum in 64 bits could overflow on.
    public static let hourlyCentsRange = 0...1_000_000
    /// How many dated wages one member may have: decades of yearly raises.
    public static let maximumCount = 100

    /// What a shift of `minutes` costs at this wage, in cents, rounded half up.
    public func cents(forMinutes minutes: Int) -> Int {
        (minutes * hourlyCents + 30) / 60
    }
}

/// A member's wages over time, oldest first: the one that applies on a date is the latest one
/// that starts on or before it; before the first there is no wage (the shift is not costed).
public struct WageHistory: Sendable, Hashable {
    public private(set) var wages: [Wage]

    /// `wages` in any order; with two on one date (which ``WageRules`` refuses) the later given wins.
    public init(_ wages: [Wage]) {
        var byDate: [LocalDate: Wage] = [:]
        for wage in wages { byDate[wage.effectiveFrom] = wage }
        self.wages = byDate.values.sorted { $0.effectiveFrom < $1.effectiveFrom }
    }

    /// The wage that applies on `date`, if any.
    public func wage(on date: LocalDate) -> Wage? {
        wages.last { $0.effectiveFrom <= date }
    }
}

/// The rules of a member's wage list, without I/O: the manager replaces the whole list at once
/// (the page edits it as one form), so the list is checked as a whole.
public enum WageRules {
    /// The wages as the manager sent them (dates as `YYYY-MM-DD` text), as they will be stored, or
    /// the first thing wrong with them.
    public static func check(_ entries: [(effectiveFrom: String, hourlyCents: Int)]) throws(WageRefusal) -> WageHistory {
        guard entries.count <= Wage.maximumCount else { throw .tooManyWages }
        var wages: [Wage] = []
        for (index, entry) in entries.enumerated() {
            guard let date = LocalDate(entry.effectiveFrom) else { throw .wage(at: index, .malformedDate) }
            guard Wage.hourlyCentsRange.contains(entry.hourlyCents) else { throw .wage(at: index, .hourlyCentsOutOfRange) }
            guard !wages.contains(where: { $0.effectiveFrom == date }) else { throw .wage(at: index, .duplicateDate) }
            wages.append(Wage(effectiveFrom: date, hourlyCents: entry.hourlyCents))
        }
        return WageHistory(wages)
    }
}

/// Why a member's wage list was refused: too long, or one wage (by its place in the list, from 0)
/// is not right. The edge names the field (`wages[2].hourlyCents`).
public enum WageRefusal: Error, Sendable, Hashable {
    case tooManyWages
    case wage(at: Int, Reason)
    /// No such member in the workplace.
    case memberNotFound

    public enum Reason: Sendable, Hashable {
        /// Not a date (`YYYY-MM-DD`).
        case malformedDate
        /// Below 0 or above ``Wage/hourlyCentsRange``.
        case hourlyCentsOutOfRange
        /// A second wage from the same date.
        case duplicateDate

        /// The field of a wage each reason is about, as the API names it.
        public var field: String {
            switch self {
            case .hourlyCentsOutOfRange: "hourlyCents"
            case .malformedDate, .duplicateDate: "effectiveFrom"
            }
        }
    }
}
