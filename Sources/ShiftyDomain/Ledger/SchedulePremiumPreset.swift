/// The schedule-change rules a workplace can choose by name. Each preset is the rule as the law
/// read when it was written here (docs/week-planning.md has the table with each source and what
/// the preset leaves out: who the law covers, mutual agreement, force majeure). A workplace that
/// needs something else uses a custom rule (``ScheduleChangePolicy``).
public enum SchedulePremiumPreset: String, Sendable, Hashable, Codable, CaseIterable {
    /// No notice window: nothing is recorded (the default).
    case none
    /// Netherlands, on-call workers (BW 7:628a lid 2–3): called at least 4 days ahead; cancelling
    /// or changing the times later still pays the hours of the original call.
    /// https://wetten.overheid.nl/BWBR0005290/ (Boek 7, art. 7:628a)
    case nlOnCall = "nl_on_call"
    /// Seattle Secure Scheduling (SMC 14.22): 14 days' notice; an hour's pay for added or moved
    /// hours, half the lost hours for cuts; under 10 hours' rest, time and a half for the hours inside it.
    /// https://www.seattle.gov/laborstandards/ordinances/secure-scheduling
    case usSeattle = "us_seattle"
    /// Oregon (ORS 653.412–653.485): 14 days' notice; an hour's pay for added or moved hours, half
    /// the lost hours for cuts; under 10 hours' rest, time and a half for the hours inside it.
    /// https://www.oregonlegislature.gov/bills_laws/ors/ors653.html
    case usOregon = "us_oregon"
    /// New York City fast food (NYC Admin. Code §§ 20-1221, 20-1222, 20-1231): 14 days' notice; fixed
    /// amounts per change by how late ($10/$20 with 7–14 days, $15/$45 under 7 days, $15/$75 under
    /// 24 hours, added-or-moved/cut); closing then opening under 11 hours apart: $100.
    /// https://www.nyc.gov/site/dca/workers/workersrights/fast-food-workers.page
    case usNYCFastFood = "us_nyc_fast_food"

    /// The preset's rule; `nil` for ``none``.
    public var rule: SchedulePremiumRule? {
        switch self {
        case .none:
            return nil
        case .nlOnCall:
            return SchedulePremiumRule(
                noticeHours: 96,
                tiers: [NoticeTier(withinHours: 96, moved: .percentOfChangedMinutes(100), cut: .percentOfChangedMinutes(100))],
                addedNeedsConsent: true)
        case .usSeattle, .usOregon:
            return SchedulePremiumRule(
                noticeHours: 14 * 24,
                tiers: [NoticeTier(withinHours: 14 * 24, added: .minutesOfPay(60), moved: .minutesOfPay(60), cut: .percentOfChangedMinutes(50))],
                clopening: ClopeningRule(minRestHours: 10, pay: .percentOfChangedMinutes(50)))
        case .usNYCFastFood:
            return SchedulePremiumRule(
                noticeHours: 14 * 24,
                tiers: [
                    NoticeTier(withinHours: 24, added: .fixedCents(1500), moved: .fixedCents(1500), cut: .fixedCents(7500)),
                    NoticeTier(withinHours: 7 * 24, added: .fixedCents(1500), moved: .fixedCents(1500), cut: .fixedCents(4500)),
                    NoticeTier(withinHours: 14 * 24, added: .fixedCents(1000), moved: .fixedCents(1000), cut: .fixedCents(2000)),
                ],
                clopening: ClopeningRule(minRestHours: 11, pay: .fixedCents(10000)),
                addedNeedsConsent: true)
        }
    }
}
