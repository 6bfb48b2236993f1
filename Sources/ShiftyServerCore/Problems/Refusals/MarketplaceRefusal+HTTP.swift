import Foundation
import Hummingbird
import ShiftyLocalization
import ShiftyAPI
import ShiftyDomain

/// The one place a marketplace refusal gets its HTTP status (a rule's refusal is one too:
/// `Rulebook` and `FixedShiftRules` refuse with `MarketplaceRefusal`). The domain says what kind
/// of "no" it is; the edge says how HTTP spells it.
extension MarketplaceRefusal.Kind {
    package var httpStatus: HTTPResponse.Status {
        switch self {
        case .notAllowed: .forbidden
        case .invalid: .unprocessableContent
        case .notFound: .notFound
        case .conflict: .conflict
        }
    }
}

extension MarketplaceRefusal {
    /// The refusal's sentence: `server.problem.<code>.<situation>` with its arguments as the
    /// placeholders of the same name. A member is named by display name once the edge has looked
    /// the names up (``ProblemText/naming(_:)``); until then, or if the name is not found, the
    /// sentence is `server.problem.<code>.someone`, which names nobody.
    ///
    /// A rule nobody may override says so after its sentence; a fixed shift's refused week is
    /// named before it.
    package var text: ProblemText {
        let key = "server.problem.\(code.rawValue).\(situation.rawValue)"
        let values = arguments
        var text = ProblemText(key)
        func set(_ placeholder: String, _ value: String?) {
            if let value { text.arguments[placeholder] = value }
        }
        if let member = values.member {
            text.members["member"] = member.rawValue
            text.unnamedKey = "server.problem.\(code.rawValue).someone"
        }
        set("shift", values.shift?.description)
        set("otherShift", values.otherShift?.description)
        set("deal", values.deal?.description)
        set("request", values.request?.description)
        set("timeOffRequest", values.timeOffRequest.map { String($0) })
        set("date", values.date?.description)
        set("otherDate", values.otherDate?.description)
        set("week", values.week?.description)
        set("until", values.until.map { Self.instant($0) })
        set("limit", values.limit.map { String($0) })
        set("days", values.days.map { String($0) })
        set("status", values.status)
        set("position", values.position)
        set("from", values.from?.description)
        set("to", values.to.map { $0 == .midnight ? "24:00" : $0.description })
        if let minutes = values.minutes { text.numbers["hours"] = (Double(minutes) / 6).rounded() / 10 }
        if let weekday = values.weekday { text.weekdays["weekday"] = weekday.rawValue }
        if notOverridable {
            text = ProblemText("server.problem.rule.notOverridable", sentences: ["sentence": text])
        }
        if let week = values.fixedShiftWeek {
            text = ProblemText("server.problem.rule.fixedShiftWeek", ["date": week.description], sentences: ["sentence": text])
        }
        return text
    }

    /// An instant as every language reads it in a problem: ISO 8601 in UTC, to the minute.
    package static func instant(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        return formatter.string(from: date) + "Z"
    }

    /// The members the refusal names, as the edge looks their names up.
    package var memberIDs: Set<Int64> { text.memberIDs }
}

extension RuleFinding {
    /// The finding's sentence: its rule's refusal's, naming the member by `names`.
    package func text(naming names: [Int64: String]) -> ProblemText {
        refusal.text.naming(names)
    }
}

extension Problem {
    /// A marketplace refusal as a problem document: its code in the API's list (``ProblemCode/init(_:)``,
    /// where a missing shift, deal or request is `not_found` like everywhere else), its kind's status
    /// and its sentence (members named once `ProblemMiddleware` has their names).
    package init(_ refusal: MarketplaceRefusal) {
        self.init(refusal.kind.httpStatus, code: ProblemCode(refusal.code), text: refusal.text)
    }
}

extension ShiftyAPI.ActionPreview.Refusal {
    /// The refusal a preview reports, with the problem code and status the action itself would
    /// answer and its sentence in `language`, naming members by `names` (display names by user id,
    /// of the caller's workplace).
    package init(_ refusal: MarketplaceRefusal, naming names: [Int64: String] = [:], in language: LanguageCode = RequestLanguage.resolved) {
        self.init(
            code: ProblemCode(refusal.code).rawValue, status: refusal.kind.httpStatus.code,
            detail: refusal.text.naming(names).written(in: language))
    }
}
