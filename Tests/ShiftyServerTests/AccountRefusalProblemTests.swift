import Foundation
import ShiftyDomain
import ShiftyLocalization
@testable import ShiftyServer
@testable import ShiftyServerCore
import Testing

/// The edge's one mapping from the account and password-reset refusals to the problem documents
/// clients read: every refusal answers with the code the domain names (in the API's list) and the
/// field it names, and reads in every language. `AccountRefusalWireTests` pins the answers.
@Suite struct AccountRefusalProblemTests {
    static let account: [AccountRefusal] = [
        .signupDisabled, .inviteInvalid, .loginThrottled(retryAfterSeconds: 60), .invalidCredentials,
        .passwordChangeThrottled(retryAfterSeconds: 60), .wrongPassword, .memberNotFound, .lastManager, .inviteNotFound, .emailDisabled,
        .timeZoneUnknown("Mars/Olympus"), .reminderLeadTimeOutOfRange, .dealExpiryOutOfRange, .inviteValidityOutOfRange, .inviteUsesOutOfRange,
    ] + AccountRefusal.Field.allCases.flatMap { [AccountRefusal.usernameMalformed($0), .slugMalformed($0), .nameLength($0), .nameNotOneLine($0)] }
    static let reset: [PasswordResetRefusal] = [.memberNotFound, .emailDisabled, .throttled(retryAfterSeconds: 60), .linkInvalid]

    static var answers: [(refusal: String, problem: Problem, code: String, field: String?)] {
        account.map { ("\($0)", Problem($0), $0.code.rawValue, $0.field?.rawValue) }
            + reset.map { ("\($0)", Problem($0), $0.code.rawValue, nil) }
    }

    @Test func everyRefusalAnswersWithTheCodeAndFieldTheDomainNames() {
        for answer in Self.answers {
            #expect(answer.problem.code == answer.code, "\(answer.refusal)")
            #expect(ProblemCode(rawValue: answer.code) != nil, "\(answer.refusal): \(answer.code) is in the API's list")
            #expect(answer.problem.errors.first?.field == answer.field, "\(answer.refusal)")
            #expect(answer.problem.status.code >= 400 && answer.problem.status.code < 500, "\(answer.refusal)")
        }
    }

    @Test func everyRefusalReadsInEveryLanguage() {
        for answer in Self.answers {
            for language in [LanguageCode.english, .dutch] {
                let problem = answer.problem.localized(to: language)
                #expect(!problem.detail.isEmpty && !problem.detail.hasPrefix("server."), "\(answer.refusal) in \(language): \(problem.detail)")
                #expect(!problem.title.hasPrefix("server."), "\(answer.refusal) in \(language): \(problem.title)")
            }
        }
    }

    @Test func throttledAnswersSayWhenToTryAgain() {
        #expect(Problem(AccountRefusal.loginThrottled(retryAfterSeconds: 42)).retryAfterSeconds == 42)
        #expect(Problem(AccountRefusal.passwordChangeThrottled(retryAfterSeconds: 9)).retryAfterSeconds == 9)
        #expect(Problem(PasswordResetRefusal.throttled(retryAfterSeconds: 7)).retryAfterSeconds == 7)
    }
}
