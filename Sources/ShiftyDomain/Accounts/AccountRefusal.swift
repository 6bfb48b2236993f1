/// Why an account command was refused: onboarding, signing in, changing a password, managing
/// members, the workplace's settings and invites (``AccountRules``).
///
/// ``code`` is the stable string clients switch on (the problem codes the API has always answered
/// with) and ``field`` names the field a validation refusal is about. How a refusal reads and which
/// answer it gets is the edge's business, not the domain's.
public enum AccountRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server takes no new workplaces.
    case signupDisabled
    /// Too many new workplaces or signups from one address: try again in `retryAfterSeconds`.
    case signupThrottled(retryAfterSeconds: Int)
    /// The invite code does not open the workplace (unknown, used up, expired or revoked).
    case inviteInvalid
    /// Too many failed logins for the account or from the address: try again in `retryAfterSeconds`.
    case loginThrottled(retryAfterSeconds: Int)
    /// The workplace, username or password is not right.
    case invalidCredentials
    /// Too many wrong current passwords: try again in `retryAfterSeconds`.
    case passwordChangeThrottled(retryAfterSeconds: Int)
    /// The current password given to change it is not the member's.
    case wrongPassword
    /// No such member in the workplace.
    case memberNotFound
    /// The change would leave the workplace without an active manager.
    case lastManager
    /// No such invite in the workplace.
    case inviteNotFound
    /// An invite to send by e-mail on a server that sends none.
    case emailDisabled
    /// A username outside ``AccountRules/usernameLength`` or with characters it may not have.
    case usernameMalformed(Field)
    /// A workplace address outside ``AccountRules/slugLength`` or with characters it may not have.
    case slugMalformed(Field)
    /// A name outside ``AccountRules/nameLength`` characters.
    case nameLength(Field)
    /// A name with a line break or another control character (``SingleLine``).
    case nameNotOneLine(Field)
    /// A time zone that is not an IANA identifier (the identifier as given).
    case timeZoneUnknown(String)
    /// A reminder lead time that is neither 0 (no reminders) nor in the range reminders allow.
    case reminderLeadTimeOutOfRange
    /// Deals expiring later than ``MarketplaceSettings/maximumDealExpiryHours`` before a shift.
    case dealExpiryOutOfRange
    /// An invite valid for fewer than one or more than ``AccountRules/inviteValidityHours`` hours.
    case inviteValidityOutOfRange
    /// An invite for fewer than one or more than ``AccountRules/inviteUses`` people.
    case inviteUsesOutOfRange
    /// A schedule-change rule with an unknown preset, or a custom rule missing or out of its ranges
    /// (``ScheduleChangePolicy/check()``).
    case scheduleChangeRuleInvalid(Field)

    /// The fields a validation refusal can name, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case username, displayName, name, slug, timeZone, validForHours, maxUses
        case managerUsername = "manager.username"
        case managerDisplayName = "manager.displayName"
        case dealExpiryHours = "settings.dealExpiryHours"
        case reminderMinutesBefore = "settings.reminderMinutesBefore"
        case scheduleChangesPreset = "settings.scheduleChanges.preset"
        case scheduleChangesCustom = "settings.scheduleChanges.custom"
        case scheduleChangesNoticeDays = "settings.scheduleChanges.custom.noticeDays"
        case scheduleChangesAddedMinutes = "settings.scheduleChanges.custom.addedMinutesOfPay"
        case scheduleChangesMovedMinutes = "settings.scheduleChanges.custom.movedMinutesOfPay"
        case scheduleChangesCutPercent = "settings.scheduleChanges.custom.cutPercentOfLostTime"
        case scheduleChangesRestHours = "settings.scheduleChanges.custom.clopeningRestHours"
        case scheduleChangesRestPercent = "settings.scheduleChanges.custom.clopeningPercentOfPay"
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case signupDisabled = "signup_disabled"
        case signupThrottled = "signup_throttled"
        case inviteInvalid = "invite_invalid"
        case loginThrottled = "login_throttled"
        case invalidCredentials = "invalid_credentials"
        case passwordChangeThrottled = "password_change_throttled"
        case wrongPassword = "wrong_password"
        case notFound = "not_found"
        case lastManager = "last_manager"
        case emailDisabled = "email_disabled"
        case validationFailed = "validation_failed"
    }

    public var code: Code {
        switch self {
        case .signupDisabled: .signupDisabled
        case .signupThrottled: .signupThrottled
        case .inviteInvalid: .inviteInvalid
        case .loginThrottled: .loginThrottled
        case .invalidCredentials: .invalidCredentials
        case .passwordChangeThrottled: .passwordChangeThrottled
        case .wrongPassword: .wrongPassword
        case .memberNotFound, .inviteNotFound: .notFound
        case .lastManager: .lastManager
        case .emailDisabled: .emailDisabled
        case .usernameMalformed, .slugMalformed, .nameLength, .nameNotOneLine, .timeZoneUnknown, .reminderLeadTimeOutOfRange,
             .dealExpiryOutOfRange, .inviteValidityOutOfRange, .inviteUsesOutOfRange, .scheduleChangeRuleInvalid:
            .validationFailed
        }
    }

    /// The field a validation refusal is about; `nil` for the others.
    public var field: Field? {
        switch self {
        case .usernameMalformed(let field), .slugMalformed(let field), .nameLength(let field), .nameNotOneLine(let field): field
        case .timeZoneUnknown: .timeZone
        case .dealExpiryOutOfRange: .dealExpiryHours
        case .reminderLeadTimeOutOfRange: .reminderMinutesBefore
        case .inviteValidityOutOfRange: .validForHours
        case .inviteUsesOutOfRange: .maxUses
        case .scheduleChangeRuleInvalid(let field): field
        case .signupDisabled, .signupThrottled, .inviteInvalid, .loginThrottled, .invalidCredentials, .passwordChangeThrottled, .wrongPassword,
             .memberNotFound, .lastManager, .inviteNotFound, .emailDisabled:
            nil
        }
    }

    public var description: String {
        field.map { "\(code.rawValue): \($0.rawValue)" } ?? code.rawValue
    }
}
