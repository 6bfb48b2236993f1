import ShiftyAPI

// The server's request bodies that take `null` somewhere, each with exactly the fields openapi.yaml
// marks nullable for its routes (`NullableRequestFieldsTests` sends `null` to each of them, and the
// schemathesis run in `make test` sends it everywhere else). Kept in one place so the list reads
// against the spec at a glance; every other body refuses `null` (``JSONNullScan``).

extension ChangeLanguageRequest: NullableRequestFields {
    /// `null`: follow the workplace's language.
    package static var nullableFields: Set<String> { ["language"] }
}

extension UpdateUserRequest: NullableRequestFields {
    /// `null` clears the member's e-mail address.
    package static var nullableFields: Set<String> { ["email"] }
}

extension UpdateWorkplaceRequest: NullableRequestFields {
    /// `null` removes a workplace-wide hour limit.
    package static var nullableFields: Set<String> {
        ["settings.hourLimits.maxWeeklyHours", "settings.hourLimits.minRestHours",
         "settings.hourLimits.maxConsecutiveDays", "settings.hourLimits.maxShiftHours"]
    }
}

extension SetMemberHourLimitsRequest: NullableRequestFields {
    /// `null` removes the member's own limit (the workplace's applies).
    public static var nullableFields: Set<String> { ["maxWeeklyHours", "minRestHours", "maxConsecutiveDays", "maxShiftHours"] }
}

extension TimeclockRulesDocument: NullableRequestFields {
    /// `null` makes the day a day off.
    public static var nullableFields: Set<String> { ["saturdayQuotaMinutes", "sundayQuotaMinutes"] }
}

extension UpdateEmploymentRequest: NullableRequestFields {
    /// `null` clears the end date or the contract hours.
    package static var nullableFields: Set<String> { ["end", "contractMinutesPerWeek"] }
}

extension NotificationPreferencesInput: NullableRequestFields {
    /// `null`: no quiet hours.
    package static var nullableFields: Set<String> { ["quietHours"] }
}

extension CreatePushSubscriptionRequest: NullableRequestFields {
    /// Browsers send `PushSubscription.toJSON()` as it is, usually with `expirationTime: null`.
    package static var nullableFields: Set<String> { ["expirationTime"] }
}

extension LabourBudgetView: NullableRequestFields {
    /// `null`: no weekly labour budget.
    public static var nullableFields: Set<String> { ["weeklyBudgetCents"] }
}
