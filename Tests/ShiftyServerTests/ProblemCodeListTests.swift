import Foundation
import ShiftyDomain
@testable import ShiftyServer
@testable import ShiftyServerCore
import ShiftyTestSupport
import Testing

/// `ProblemCode` is the one list of codes; the API description and the web page follow it
/// (the terminal client's sentences are checked in ShiftyTerminalTests, which can import both).
@Suite struct ProblemCodeListTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `enum:` of `Problem.code` in openapi.yaml.
    static func openAPICodes() throws -> [String] {
        let document = try text("openapi.yaml")
        let marker = "code:\n          type: string\n          enum: ["
        let start = try #require(document.range(of: marker), "openapi.yaml: Problem.code must list its codes as an enum")
        let end = try #require(document[start.upperBound...].firstIndex(of: "]"))
        return document[start.upperBound..<end]
            .split(whereSeparator: { $0 == "," || $0.isWhitespace })
            .map(String.init)
    }

    /// The codes with a `problem.<code>` sentence in web/i18n/<language>/page.json (the page's words).
    static func webSentenceCodes(language: String) throws -> Set<String> {
        let data = try Data(contentsOf: TestServer.repositoryRoot.appendingPathComponent("web/i18n/\(language)/page.json"))
        let catalogue = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "web/i18n/\(language)/page.json is not a JSON object")
        let pattern = try Regex(#"^problem\.([a-z_0-9]+)$"#)
        return Set(catalogue.keys.compactMap { key in
            guard catalogue[key] is String, let match = key.wholeMatch(of: pattern) else { return nil }
            return match.output[1].substring.map(String.init)
        })
    }

    @Test func openAPIListsExactlyTheServersCodes() throws {
        let documented = try Self.openAPICodes()
        #expect(documented.count == Set(documented).count, "a code is listed twice in openapi.yaml")
        let codes = Set(ProblemCode.allCases.map(\.rawValue))
        #expect(codes.subtracting(documented).sorted() == [], "codes missing from openapi.yaml")
        #expect(Set(documented).subtracting(codes).sorted() == [], "openapi.yaml lists codes the server does not have")
    }

    @Test(arguments: ["en", "nl"])
    func theWebPageHasASentenceForEveryCode(language: String) throws {
        let sentences = try Self.webSentenceCodes(language: language)
        #expect(sentences.count > 40)
        let codes = Set(ProblemCode.allCases.map(\.rawValue))
        #expect(codes.subtracting(sentences).sorted() == [], "codes without a problem.<code> sentence in web/i18n/\(language)/page.json")
        // `offline` is the page's own (no answer at all).
        #expect(sentences.subtracting(codes).subtracting(["offline"]).sorted() == [], "web/i18n/\(language)/page.json has sentences for codes the server does not have")
    }

    @Test func everyProblemHasATitle() {
        let statuses = [400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500, 503, 418, 499, 599]
        for code in statuses {
            #expect(!Problem.title(for: .init(code: code)).isEmpty, "\(code)")
        }
        // Every marketplace refusal's problem has a title (its status: MarketplaceRefusalStatusTests).
        for refusal in MarketplaceRefusal.Code.allCases {
            let problem = Problem(MarketplaceRefusal(refusal))
            #expect(!problem.title.isEmpty, "\(refusal.rawValue)")
        }
        #expect(Problem(MarketplaceRefusal(.overlappingShift)).title == "Conflict")
    }

    /// The marketplace's refusals are the domain's own codes nested in the list, not copies of them:
    /// each refusal answers with its own code (a missing object with `not_found`), no code is listed
    /// twice (a refusal spelled like one of the server's codes would be), and every code reads back.
    @Test func theListNestsTheMarketplaceRefusals() {
        let codes = ProblemCode.allCases.map(\.rawValue)
        #expect(codes.count == Set(codes).count, "a code is listed twice: \(codes.sorted())")
        for code in ProblemCode.allCases { #expect(ProblemCode(rawValue: code.rawValue) == code, "\(code.rawValue)") }
        for refusal in MarketplaceRefusal.Code.allCases {
            let code = ProblemCode(refusal)
            if refusal.kind == .notFound {
                #expect(code == .server(.notFound), "\(refusal.rawValue)")
                #expect(ProblemCode(rawValue: refusal.rawValue) == nil, "\(refusal.rawValue) reaches no client")
            } else {
                #expect(code == .marketplace(refusal) && code.rawValue == refusal.rawValue, "\(refusal.rawValue)")
                #expect(ProblemCode.allCases.contains(code), "\(refusal.rawValue)")
            }
        }
    }

    @Test func missingObjectsAreNotFoundEverywhere() {
        for refusal in [MarketplaceRefusal.Code.shiftNotFound, .dealNotFound, .requestNotFound] {
            #expect(Problem(MarketplaceRefusal(refusal)).code == "not_found")
        }
        #expect(Problem.notFound("shift").code == "not_found")
    }
}
