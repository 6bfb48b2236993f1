import Foundation

/// What a workplace owes a member when it changes their published schedule late: a notice window,
/// the premium per kind of change by how late it came (tiers), and optionally a premium for a rest
/// between two shifts that a change made too short ("clopening").
///
/// Data, not code, so presets (``SchedulePremiumPreset``) and a workplace's own rule are the same
/// thing, and a ledger entry can keep the rule it was judged by as it was then.
public struct SchedulePremiumRule: Sendable, Hashable, Codable {
    /// A change whose shift starts less than this many hours after the change is inside the window.
    public var noticeHours: Int
    /// Premiums by how late the change came; the tightest tier the notice falls in applies.
    public var tiers: [NoticeTier]
    /// A premium for a rest under `minRestHours` the change brought about, or `nil` for none.
    public var clopening: ClopeningRule?
    /// Whether the law lets the member refuse hours added inside the window (recorded, not enforced).
    public var addedNeedsConsent: Bool

    public init(noticeHours: Int, tiers: [NoticeTier], clopening: ClopeningRule? = nil, addedNeedsConsent: Bool = false) {
        self.noticeHours = noticeHours
        self.tiers = tiers.sorted { $0.withinHours < $1.withinHours }
        self.clopening = clopening
        self.addedNeedsConsent = addedNeedsConsent
    }

    /// The tier for a change made `noticeMinutes` before its shift starts, or `nil` outside the window.
    public func tier(noticeMinutes: Int) -> NoticeTier? {
        guard noticeMinutes < noticeHours * 60 else { return nil }
        return tiers.first { noticeMinutes < $0.withinHours * 60 } ?? tiers.last
    }
}

/// The premiums for changes made less than `withinHours` before the shift starts.
public struct NoticeTier: Sendable, Hashable, Codable {
    public var withinHours: Int
    /// Hours added (a new shift, or a longer one).
    public var added: PremiumPay?
    /// A shift moved to other times with no hours lost.
    public var moved: PremiumPay?
    /// Hours taken away (a shift shortened, removed or released by the employer).
    public var cut: PremiumPay?

    public init(withinHours: Int, added: PremiumPay? = nil, moved: PremiumPay? = nil, cut: PremiumPay? = nil) {
        self.withinHours = withinHours
        self.added = added
        self.moved = moved
        self.cut = cut
    }
}

/// How much one premium is: minutes of pay at the member's wage, a share of the minutes the change
/// concerns (the hours lost for a cut, the shift's original minutes for a move), or an amount.
public enum PremiumPay: Sendable, Hashable, Codable {
    case minutesOfPay(Int)
    case percentOfChangedMinutes(Int)
    case fixedCents(Int)

    /// The premium for a change of `minutes`: (minutes of pay, cents).
    public func premium(changedMinutes minutes: Int) -> (minutes: Int, cents: Int) {
        switch self {
        case .minutesOfPay(let pay): (pay, 0)
        case .percentOfChangedMinutes(let percent): ((minutes * percent + 50) / 100, 0)
        case .fixedCents(let cents): (0, cents)
        }
    }
}

/// A premium for working again less than `minRestHours` after the previous shift ended. A
/// percentage applies to the minutes of the later shift inside that rest (Seattle's and Oregon's
/// "time and a half": 50 % on top of the pay already earned).
public struct ClopeningRule: Sendable, Hashable, Codable {
    public var minRestHours: Int
    public var pay: PremiumPay

    public init(minRestHours: Int, pay: PremiumPay) {
        self.minRestHours = minRestHours
        self.pay = pay
    }
}
