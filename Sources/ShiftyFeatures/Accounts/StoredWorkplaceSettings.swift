import Foundation
import ShiftyDomain
import ShiftyLocalization
import ShiftyServerCore

/// Per-workplace switches, stored as JSON in `workplaces.settings` so later features can add keys
/// without a migration. The one type for them: the stored row, the API's `settings` object and a
/// PATCH of some of them all decode through ``init(from:)``, and the marketplace's switches are
/// read from it (``marketplace``) rather than mapped by hand.
///
/// Decoding is strict about what is there and lenient about what is not: a key that is missing
/// takes its value from the decoder's base (the defaults, or the current settings when a PATCH
/// is applied), unknown keys are ignored (the timeclock rules live next to these under
/// `timeclock`), but a key with a value of the wrong type fails. A stored row that fails is
/// reported as ``StoredWorkplaceSettings/CorruptRow``, never silently replaced by defaults.
public struct StoredWorkplaceSettings: Codable, Sendable, Equatable {
    /// Trades take effect without a manager's approval.
    public var autoApprove: Bool = false
    /// The seed's rule: nobody ends up with two shifts on one day.
    public var onePerDay: Bool = true
    /// Employees may create and edit their own fixed shifts (the seed's behaviour).
    public var employeesManageFixedShifts: Bool = true
    /// Minutes before a shift its owner gets a `shift.reminder` (0 = no reminders; see `ReminderLeadTime`).
    public var reminderMinutesBefore: Int = ReminderLeadTime.defaultMinutes
    /// Hour and rest limits, each optional with its severity (members may have their own values).
    public var hourLimits: HourLimits = .none
    /// Receiving a shift during approved time off: refused (default) or a warning.
    public var timeOffRule: RuleSeverity = .refuse
    /// Receiving a shift in a member's recurring unavailable time: refused (default) or a warning.
    public var availabilityRule: RuleSeverity = .refuse
    /// Hours before a shift starts that a deal on it nobody decided expires (0: at the start; at most 168).
    public var dealExpiryHours: Int = 0
    /// The language of members who chose none (e-mails, push texts, problem details, the page);
    /// a PATCH naming a language without a catalogue is 422 `unknown_language`.
    public var language: LanguageCode = .english
    /// What late changes to the published schedule owe: a preset by name or a custom rule
    /// (``ScheduleChangePolicy``); `none` by default.
    public var scheduleChanges: ScheduleChangePolicy = .none

    public init() {}

    /// The `userInfo` key under which a decoder carries the settings that missing keys keep.
    static let baseKey = CodingUserInfoKey(rawValue: "shifty.workplaceSettings.base")!

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let base = decoder.userInfo[Self.baseKey] as? StoredWorkplaceSettings ?? StoredWorkplaceSettings()
        autoApprove = try container.decodeIfPresent(Bool.self, forKey: .autoApprove) ?? base.autoApprove
        onePerDay = try container.decodeIfPresent(Bool.self, forKey: .onePerDay) ?? base.onePerDay
        employeesManageFixedShifts = try container.decodeIfPresent(Bool.self, forKey: .employeesManageFixedShifts) ?? base.employeesManageFixedShifts
        reminderMinutesBefore = try container.decodeIfPresent(Int.self, forKey: .reminderMinutesBefore) ?? base.reminderMinutesBefore
        hourLimits = try container.decodeIfPresent(HourLimits.self, forKey: .hourLimits) ?? base.hourLimits
        timeOffRule = try container.decodeIfPresent(RuleSeverity.self, forKey: .timeOffRule) ?? base.timeOffRule
        availabilityRule = try container.decodeIfPresent(RuleSeverity.self, forKey: .availabilityRule) ?? base.availabilityRule
        dealExpiryHours = try container.decodeIfPresent(Int.self, forKey: .dealExpiryHours) ?? base.dealExpiryHours
        language = try container.decodeIfPresent(LanguageCode.self, forKey: .language) ?? base.language
        scheduleChanges = try container.decodeIfPresent(ScheduleChangePolicy.self, forKey: .scheduleChanges) ?? base.scheduleChanges
    }

    /// The switches the marketplace's rules read.
    public var marketplace: MarketplaceSettings {
        MarketplaceSettings(
            autoApprove: autoApprove, onePerDay: onePerDay, hourLimits: hourLimits, timeOffRule: timeOffRule,
            availabilityRule: availabilityRule, dealExpiryHours: dealExpiryHours, scheduleChanges: scheduleChanges)
    }

    /// A stored `settings` value that is not a valid settings object (a storage error: the row
    /// was written around the API). It surfaces as a logged 500 instead of quietly meaning defaults.
    public struct CorruptRow: Error, CustomStringConvertible {
        public var workplaceID: Int64?
        public var reason: String
        public var description: String { "workplace \(workplaceID.map(String.init) ?? "?") has corrupt settings: \(reason)" }
    }

    /// Decodes the stored JSON text of `workplaces.settings`.
    ///
    /// Every authenticated request and every marketplace action reads the settings; the same few
    /// texts are decoded once (``WorkplaceSettingsCache``) instead of through a `JSONDecoder` each time
    /// (issue 14: a twelfth of a marketplace read's client CPU).
    static func stored(_ json: String, workplaceID: Int64?) throws -> StoredWorkplaceSettings {
        if let known = WorkplaceSettingsCache.shared.settings(for: json) { return known }
        do {
            let settings = try JSONDecoder().decode(StoredWorkplaceSettings.self, from: Data(json.utf8))
            WorkplaceSettingsCache.shared.remember(settings, for: json)
            return settings
        } catch {
            throw CorruptRow(workplaceID: workplaceID, reason: String(describing: error))
        }
    }

    /// These settings with the keys present in `patch` (a JSON object) changed; a wrong type
    /// answers the usual 422 naming the field (`settings.onePerDay`).
    func applying(patch: Data) throws -> StoredWorkplaceSettings {
        let decoder = JSONDecoder()
        decoder.userInfo[Self.baseKey] = self
        do {
            let settings = try decoder.decode(StoredWorkplaceSettings.self, from: patch)
            if settings.language != language { try LanguageChoice.requireAvailable(settings.language, field: "settings.language") }
            return settings
        } catch let error as DecodingError {
            throw error.underSettings
        }
    }
}

private extension DecodingError {
    /// The same error one level down, under the body's `settings` key, so the edge's answer names
    /// the field as the client sent it (`settings.onePerDay`).
    var underSettings: DecodingError {
        struct Settings: CodingKey {
            var stringValue: String { "settings" }
            var intValue: Int? { nil }
            init() {}
            init?(stringValue: String) { nil }
            init?(intValue: Int) { nil }
        }
        func moved(_ context: Context) -> Context {
            Context(codingPath: [Settings()] + context.codingPath, debugDescription: context.debugDescription, underlyingError: context.underlyingError)
        }
        switch self {
        case .typeMismatch(let type, let context): return .typeMismatch(type, moved(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, moved(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, moved(context))
        case .dataCorrupted(let context): return .dataCorrupted(moved(context))
        @unknown default: return self
        }
    }
}
