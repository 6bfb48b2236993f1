import Hummingbird
import ShiftyDomain
import ShiftyFeatures
import ShiftyServerCore

extension Problem {
    /// An account refusal as the client sees it: the one place that gives each refusal its HTTP
    /// status and its sentence (401 a login that is not right, 403 signup closed or a wrong current
    /// password, 404 no such member or invite, 409 the last manager or no mail server, 422 a field
    /// that is not right or an invite that does not open the workplace, 429 too many attempts, with
    /// `Retry-After`).
    init(_ refusal: AccountRefusal) {
        let code = ProblemCode(refusal.code)
        switch refusal {
        case .signupDisabled:
            self.init(.forbidden, code: code, text: .init("server.problem.signup_disabled.detail"))
        case .signupThrottled(let seconds):
            self.init(
                .tooManyRequests, code: code, text: .init("server.problem.signup_throttled.detail", ["seconds": String(seconds)]),
                retryAfterSeconds: seconds)
        case .inviteInvalid:
            self.init(.unprocessableContent, code: code, text: .init("server.problem.invite_invalid.detail"))
        case .loginThrottled(let seconds):
            self.init(
                .tooManyRequests, code: code, text: .init("server.problem.login_throttled.detail", ["seconds": String(seconds)]),
                retryAfterSeconds: seconds)
        case .invalidCredentials:
            self.init(.unauthorized, code: code, text: .init("server.problem.invalid_credentials.detail"))
        case .passwordChangeThrottled(let seconds):
            self.init(
                .tooManyRequests, code: code, text: .init("server.problem.password_change_throttled.detail", ["seconds": String(seconds)]),
                retryAfterSeconds: seconds)
        case .wrongPassword:
            self.init(.forbidden, code: code, text: .init("server.problem.wrong_password.detail"))
        case .memberNotFound:
            self = .notFound("user")
        case .inviteNotFound:
            self = .notFound("invite")
        case .lastManager:
            self.init(.conflict, code: code, text: .init("server.problem.last_manager.detail"))
        case .emailDisabled:
            self.init(.conflict, code: code, text: .init("server.problem.email_disabled.invite"))
        case .usernameMalformed(let field):
            let length = AccountRules.usernameLength
            self = .invalid(field.rawValue, ProblemText("server.invalid.username", ["lowest": String(length.lowerBound), "highest": String(length.upperBound)]))
        case .slugMalformed(let field):
            let length = AccountRules.slugLength
            self = .invalid(field.rawValue, ProblemText("server.invalid.slug", ["lowest": String(length.lowerBound), "highest": String(length.upperBound)]))
        case .nameLength(let field):
            let length = AccountRules.nameLength
            self = .invalid(field.rawValue, ProblemText("server.invalid.lengthBetween", ["lowest": String(length.lowerBound), "highest": String(length.upperBound)]))
        case .nameNotOneLine(let field):
            self = .invalid(field.rawValue, SingleLineText.text)
        case .timeZoneUnknown(let identifier):
            self = .invalid("timeZone", ProblemText("server.invalid.timeZone", ["identifier": identifier]))
        case .reminderLeadTimeOutOfRange:
            let minutes = ReminderLeadTime.allowedMinutes
            self = .invalid(
                "settings.reminderMinutesBefore",
                ProblemText("server.invalid.reminderMinutes", ["lowest": String(minutes.lowerBound), "highest": String(minutes.upperBound)]))
        case .dealExpiryOutOfRange:
            self = .invalid(
                "settings.dealExpiryHours", ProblemText("server.invalid.dealExpiryHours", ["limit": String(MarketplaceSettings.maximumDealExpiryHours)]))
        case .inviteValidityOutOfRange:
            let hours = AccountRules.inviteValidityHours
            self = .invalid("validForHours", ProblemText.between(hours))
        case .inviteUsesOutOfRange:
            let uses = AccountRules.inviteUses
            self = .invalid("maxUses", ProblemText.between(uses))
        case .scheduleChangeRuleInvalid(let field):
            self = .invalid(field.rawValue, Self.scheduleChangeText(field))
        }
    }

    /// What is wrong with a schedule-change rule's field: the range it must be in.
    private static func scheduleChangeText(_ field: AccountRefusal.Field) -> ProblemText {
        typealias Custom = CustomScheduleChangeRule
        switch field {
        case .scheduleChangesNoticeDays: return ProblemText.between(Custom.noticeDaysRange)
        case .scheduleChangesAddedMinutes, .scheduleChangesMovedMinutes: return ProblemText.between(Custom.minutesRange)
        case .scheduleChangesCutPercent, .scheduleChangesRestPercent: return ProblemText.between(Custom.percentRange)
        case .scheduleChangesRestHours: return ProblemText.between(Custom.restHoursRange)
        case .scheduleChangesCustom: return ProblemText("server.invalid.scheduleChangesCustom")
        default:
            return ProblemText(
                "server.invalid.scheduleChangesPreset",
                ["presets": (SchedulePremiumPreset.allCases.map(\.rawValue) + [ScheduleChangePolicy.customPreset]).joined(separator: ", ")])
        }
    }
}
