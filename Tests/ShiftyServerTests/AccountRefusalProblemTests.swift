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

    static var answers: [RefusalAnswer] {
        account.map { ("\($0)", Problem($0), $0.code.rawValue, $0.field?.rawValue) }
            + reset.map { ("\($0)", Problem($0), $0.code.rawValue, nil) }
    }

    @Test func everyRefusalAnswersWithTheCodeAndFieldTheDomainNames() {
        RefusalAnswerChecks.codesAndFields(Self.answers)
    }

    @Test func everyRefusalReadsInEveryLanguage() {
        RefusalAnswerChecks.readInEveryLanguage(Self.answers)
    }

    @Test func throttledAnswersSayWhenToTryAgain() {
        #expect(Problem(AccountRefusal.loginThrottled(retryAfterSeconds: 42)).retryAfterSeconds == 42)
        #expect(Problem(AccountRefusal.passwordChangeThrottled(retryAfterSeconds: 9)).retryAfterSeconds == 9)
        #expect(Problem(PasswordResetRefusal.throttled(retryAfterSeconds: 7)).retryAfterSeconds == 7)
    }
}
