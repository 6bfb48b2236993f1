import Foundation
import ShiftyDomain
import ShiftyLocalization
import ShiftyServer
import ShiftyServerCore
@testable import ShiftyTerminal
import Testing

@Suite struct ProblemMessagesTests {
    @Test(arguments: LanguageCode.available)
    func everyMarketplaceRefusalHasASentence(language: LanguageCode) {
        for code in MarketplaceRefusal.Code.allCases {
            #expect(ProblemMessages.knows(ProblemCode(code).rawValue, in: language), "no \(language) sentence for \(code.rawValue)")
        }
    }

    /// The server's one list of codes (`ProblemCode`): every code it can answer with has a
    /// sentence in every language, and no `terminal.problem.*` key names a code the server no longer has.
    @Test(arguments: LanguageCode.available)
    func everyCodeTheServerHasHasASentence(language: LanguageCode) throws {
        #expect(LanguageCode.available.contains(.dutch))
        for code in ProblemCode.allCases {
            #expect(ProblemMessages.knows(code.rawValue, in: language), "no \(language) sentence for \(code.rawValue)")
        }
        let listed = Set(ProblemCode.allCases.map(\.rawValue))
        let keys = try TerminalCatalogueFile.keys(language: language).filter { $0.hasPrefix("terminal.problem.") }
        #expect(!keys.isEmpty)
        for key in keys {
            #expect(listed.contains(String(key.dropFirst("terminal.problem.".count))), "\(key) is not a code in ProblemCode")
        }
    }

    @Test func unknownCodesShowTheServersDetail() {
        let problem = APIProblem(status: 409, code: "brand_new_rule", detail: "The moon is full.")
        #expect(problem.message == "The moon is full.")
        #expect(APIProblem(status: 418, code: "teapot").message == "The server refused the request (418 teapot).")
        #expect(ProblemMessages.message(for: APIProblem(status: 418, code: "teapot"), language: .dutch) == "De server weigerde het verzoek (418 teapot).")
    }

    @Test func knownCodesSayWhatToDoNext() {
        #expect(APIProblem(status: 409, code: "shift_no_longer_available", detail: "x").message.contains("shifty market"))
        #expect(APIProblem(status: 422, code: "validation_failed", detail: "note: too long").message.hasSuffix("(note: too long)"))
        #expect(APIProblem(status: 401, code: "session_expired").message.contains("shifty login"))
    }

    @Test func dutchSentencesAreDutch() {
        let taken = ProblemMessages.message(for: APIProblem(status: 409, code: "shift_no_longer_available"), language: .dutch)
        #expect(taken.hasPrefix("Iemand anders was sneller") && taken.contains("shifty market"), "\(taken)")
        let english = ProblemMessages.message(for: APIProblem(status: 409, code: "shift_no_longer_available"), language: .english)
        #expect(taken != english)
    }
}

/// The terminal catalogue as the files hold it (web/i18n/<language>/terminal.json), for checks
/// that need its keys rather than single look-ups.
enum TerminalCatalogueFile {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func keys(language: LanguageCode) throws -> Set<String> {
        let url = root.appendingPathComponent("web/i18n/\(language.rawValue)/terminal.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return Set((object as? [String: Any] ?? [:]).keys)
    }
}
