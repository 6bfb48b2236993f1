import Foundation
import ShiftyDomain
import Testing
@testable import ShiftyTerminal
import ShiftyServer

@Suite struct ProblemMessagesTests {
    @Test func everyMarketplaceRefusalHasASentence() {
        for code in MarketplaceRefusal.Code.allCases {
            #expect(ProblemMessages.knows(ProblemCode(code).rawValue), "no sentence for \(code.rawValue)")
        }
    }

    /// The server's one list of codes (`ProblemCode`): every code it can answer with has a
    /// sentence here, and nothing here is a code the server no longer has.
    @Test func everyCodeTheServerHasHasASentence() {
        for code in ProblemCode.allCases {
            #expect(ProblemMessages.knows(code.rawValue), "no sentence for \(code.rawValue)")
        }
        let listed = Set(ProblemCode.allCases.map(\.rawValue))
        for (code, _) in ProblemMessages.entries {
            #expect(listed.contains(code), "\(code) has a sentence but is not in ProblemCode")
        }
    }

    @Test func noCodeIsListedTwice() {
        let codes = ProblemMessages.entries.map(\.0)
        #expect(codes.count == Set(codes).count)
        #expect(ProblemMessages.sentences.count == codes.count)
    }

    @Test func unknownCodesShowTheServersDetail() {
        let problem = APIProblem(status: 409, code: "brand_new_rule", detail: "The moon is full.")
        #expect(problem.message == "The moon is full.")
        #expect(APIProblem(status: 418, code: "teapot").message == "The server refused the request (418 teapot).")
    }

    @Test func knownCodesSayWhatToDoNext() {
        #expect(APIProblem(status: 409, code: "shift_no_longer_available", detail: "x").message.contains("shifty market"))
        #expect(APIProblem(status: 422, code: "validation_failed", detail: "note: too long").message.hasSuffix("(note: too long)"))
        #expect(APIProblem(status: 401, code: "session_expired").message.contains("shifty login"))
    }
}
