/// The workplace's setting for late changes to the published schedule (`settings.scheduleChanges`):
/// a preset by name, or `custom` with the workplace's own figures. Presets are kept by name, not
/// copied, so a corrected preset applies to every workplace that chose it.
public struct ScheduleChangePolicy: Sendable, Hashable, Codable {
    /// A ``SchedulePremiumPreset`` raw value or `custom`.
    public var preset: String
    /// The workplace's own rule; only read when `preset` is `custom`.
    public var custom: CustomScheduleChangeRule?

    public static let customPreset = "custom"
    public static let none = ScheduleChangePolicy(preset: SchedulePremiumPreset.none.rawValue)

    public init(preset: String, custom: CustomScheduleChangeRule? = nil) {
        self.preset = preset
        self.custom = custom
    }

    /// The rule in force, or `nil` when changes are not recorded (`none`, or a policy that does not check).
    public var rule: SchedulePremiumRule? {
        if preset == Self.customPreset { return custom?.rule }
        return SchedulePremiumPreset(rawValue: preset)?.rule
    }

    /// Refuses a preset nobody knows, a custom rule without its figures, and figures out of range.
    public func check() throws(AccountRefusal) {
        if preset == Self.customPreset {
            guard let custom else { throw .scheduleChangeRuleInvalid(.scheduleChangesCustom) }
            try custom.check()
        } else if SchedulePremiumPreset(rawValue: preset) == nil {
            throw .scheduleChangeRuleInvalid(.scheduleChangesPreset)
        }
    }
}

/// A workplace's own late-change rule, as a settings page asks for it: one notice window and one
/// premium per kind of change, and optionally a rest premium.
public struct CustomScheduleChangeRule: Sendable, Hashable, Codable {
    /// Days of notice (1–28): a change to a shift starting sooner is inside the window.
    public var noticeDays: Int
    /// Minutes of pay owed for hours added inside the window (0–480).
    public var addedMinutesOfPay: Int
    /// Minutes of pay owed for a shift moved inside the window with no hours lost (0–480).
    public var movedMinutesOfPay: Int
    /// Share of the lost minutes owed for hours cut inside the window (0–200 %).
    public var cutPercentOfLostTime: Int
    /// A rest shorter than this many hours (1–24) between two shifts owes a premium; `nil`: no rest premium.
    public var clopeningRestHours: Int?
    /// The rest premium: share of the later shift's minutes inside the rest (0–200 %).
    public var clopeningPercentOfPay: Int

    public static let noticeDaysRange = 1...28
    public static let minutesRange = 0...480
    public static let percentRange = 0...200
    public static let restHoursRange = 1...24

    public init(
        noticeDays: Int, addedMinutesOfPay: Int = 0, movedMinutesOfPay: Int = 0, cutPercentOfLostTime: Int = 0,
        clopeningRestHours: Int? = nil, clopeningPercentOfPay: Int = 0
    ) {
        self.noticeDays = noticeDays
        self.addedMinutesOfPay = addedMinutesOfPay
        self.movedMinutesOfPay = movedMinutesOfPay
        self.cutPercentOfLostTime = cutPercentOfLostTime
        self.clopeningRestHours = clopeningRestHours
        self.clopeningPercentOfPay = clopeningPercentOfPay
    }

    public var rule: SchedulePremiumRule {
        SchedulePremiumRule(
            noticeHours: noticeDays * 24,
            tiers: [NoticeTier(
                withinHours: noticeDays * 24, added: .minutesOfPay(addedMinutesOfPay), moved: .minutesOfPay(movedMinutesOfPay),
                cut: .percentOfChangedMinutes(cutPercentOfLostTime))],
            clopening: clopeningRestHours.map { ClopeningRule(minRestHours: $0, pay: .percentOfChangedMinutes(clopeningPercentOfPay)) })
    }

    func check() throws(AccountRefusal) {
        guard Self.noticeDaysRange.contains(noticeDays) else { throw .scheduleChangeRuleInvalid(.scheduleChangesNoticeDays) }
        guard Self.minutesRange.contains(addedMinutesOfPay) else { throw .scheduleChangeRuleInvalid(.scheduleChangesAddedMinutes) }
        guard Self.minutesRange.contains(movedMinutesOfPay) else { throw .scheduleChangeRuleInvalid(.scheduleChangesMovedMinutes) }
        guard Self.percentRange.contains(cutPercentOfLostTime) else { throw .scheduleChangeRuleInvalid(.scheduleChangesCutPercent) }
        if let hours = clopeningRestHours, !Self.restHoursRange.contains(hours) {
            throw .scheduleChangeRuleInvalid(.scheduleChangesRestHours)
        }
        guard Self.percentRange.contains(clopeningPercentOfPay) else { throw .scheduleChangeRuleInvalid(.scheduleChangesRestPercent) }
    }
}
