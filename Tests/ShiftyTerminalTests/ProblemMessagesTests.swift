import Foundation
import ShiftyDomain
import Testing
@testable import ShiftyTerminal

@Suite struct ProblemMessagesTests {
    @Test func everyMarketplaceRefusalHasASentence() {
        for code in MarketplaceRefusal.Code.allCases {
            #expect(ProblemMessages.knows(code.rawValue), "no sentence for \(code.rawValue)")
        }
    }

    /// Reads the server's sources, so a new `code: "…"` there without a sentence here fails.
    @Test func everyCodeTheServerUsesHasASentence() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources/ShiftyServer")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let pattern = try Regex(#"code: "([a-z_]+)""#)
        var codes: Set<String> = []
        for case let file as URL in enumerator where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { codes.insert(String(name)) }
            }
        }
        #expect(codes.count > 20)
        for code in codes.sorted() {
            #expect(ProblemMessages.knows(code), "no sentence for \(code)")
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
