import Foundation
import ShiftyDomain
import ShiftyLocalization
@testable import ShiftyServer
@testable import ShiftyServerCore
import Testing

/// The edge's one mapping from the kiosk, punch-edit, employment and timeclock-rules refusals to
/// the problem documents clients read: every refusal answers with the code the domain names (in
/// the API's list) and the field it names, and reads in every language. The wire transcripts
/// (`KioskRefusalWireTests`, `PunchRefusalWireTests`, `EmploymentRefusalWireTests`) pin the answers.
@Suite struct TimeclockRefusalProblemTests {
    static let kiosk: [KioskRefusal] = [
        .managerOnly, .nameLength, .nameNotOneLine, .tooManyNetworks, .notANetwork(range: "wifi"), .kioskNotFound, .pinMalformed,
        .memberNotFound, .pinTaken, .pinNotFound, .usernameMissing, .secretMissing, .actionNotABreak,
        .throttled(retryAfterSeconds: 60), .pinOnlyPaused(retryAfterSeconds: 60),
    ] + KioskCredentials.Secret.allCases.map(KioskRefusal.wrongSecret)
    static let punch: [PunchRefusal] = [.inFuture, .beforeEarliest, .nothingToChange, .punchNotFound, .memberNotFound, .daysOutOfRange]
    static let employment: [EmploymentRefusal] = [.memberNotFound, .contractOutOfRange, .endBeforeStart]
    static let rules = TimeclockRulesRefusal.Field.allCases.map(TimeclockRulesRefusal.outOfRange)

    /// Each refusal as the edge answers it, with the code and the field the domain names.
    static var answers: [RefusalAnswer] {
        kiosk.map { ("\($0)", Problem($0), $0.code.rawValue, $0.field?.rawValue) }
            + punch.map { ("\($0)", Problem($0), $0.code.rawValue, $0.field?.rawValue) }
            + employment.map { ("\($0)", Problem($0), $0.code.rawValue, $0.field?.rawValue) }
            + rules.map { refusal in
                ("\(refusal)", Problem(refusal), refusal.code.rawValue, refusal.field == .breakRule ? "breakRules" : refusal.field.rawValue)
            }
    }

    @Test func everyRefusalAnswersWithTheCodeAndFieldTheDomainNames() {
        RefusalAnswerChecks.codesAndFields(Self.answers)
    }

    @Test func everyRefusalReadsInEveryLanguage() {
        RefusalAnswerChecks.readInEveryLanguage(Self.answers)
    }

    @Test func aThrottledKioskSaysWhenToTryAgain() {
        #expect(Problem(KioskRefusal.throttled(retryAfterSeconds: 42)).retryAfterSeconds == 42)
        #expect(Problem(KioskRefusal.pinOnlyPaused(retryAfterSeconds: 7)).retryAfterSeconds == 7)
        #expect(Problem(KioskRefusal.pinOnlyPaused(retryAfterSeconds: 7)).localized(to: .dutch).detail.contains("7 seconden"))
    }
}
