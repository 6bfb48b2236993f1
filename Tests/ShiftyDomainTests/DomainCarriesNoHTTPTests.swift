import Foundation
import Testing

/// The domain decides; the server's edge turns its answers into HTTP. Nothing in
/// Sources/ShiftyDomain may know about HTTP: no status on a refusal, no HTTP type, no web
/// framework, no status number compared or named. A grep over the sources, so a status slipping
/// back in (as `MarketplaceRefusal.httpStatus` once did) fails here, whatever it is called.
@Suite struct DomainCarriesNoHTTPTests {
    static let domainSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ShiftyDomain")

    /// Words that only HTTP code uses (matched case-insensitively).
    static let forbiddenWords = ["httpStatus", "HTTPResponse", "HTTPRequest", "HTTPTypes", "Hummingbird", "NIOHTTP"]

    /// A status number used as HTTP: an error status compared (`== 403`), two error statuses on one
    /// line, or a number on a line that talks about status or HTTP.
    static func usesStatusLiteral(_ line: String) -> Bool {
        let lowered = line.lowercased()
        if lowered.contains(/[=!]=\s*[45][0-9][0-9]\b/) { return true }
        // A list of error statuses ("409 the state conflicts, 403 not allowed").
        if Set(lowered.matches(of: /\b[45][0-9][0-9]\b/).map { lowered[$0.range] }).count > 1 { return true }
        guard lowered.contains(/\b[1-5][0-9][0-9]\b/) else { return false }
        return ["status", "http", "forbidden", "unprocessable"].contains { lowered.contains($0) }
    }

    static func findings(in files: [(path: String, text: String)]) -> [String] {
        files.flatMap { file in
            file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line -> String? in
                let text = String(line)
                let word = forbiddenWords.first { text.lowercased().contains($0.lowercased()) }
                guard word != nil || usesStatusLiteral(text) else { return nil }
                return "\(file.path):\(index + 1): \(text.trimmingCharacters(in: .whitespaces))"
            }
        }
    }

    static func domainFiles() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(at: domainSources, includingPropertiesForKeys: nil))
        return try enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
            .map { (String($0.path.dropFirst(domainSources.path.count + 1)), try String(contentsOf: $0, encoding: .utf8)) }
    }

    @Test func noFileInTheDomainMentionsHTTP() throws {
        let files = try Self.domainFiles()
        #expect(files.count > 50, "the domain's sources were found")
        let found = Self.findings(in: files)
        #expect(found.isEmpty, "HTTP in the domain:\n\(found.joined(separator: "\n"))")
    }

    /// The grep itself catches what it is for, and leaves the domain's own numbers alone.
    @Test func theGrepCatchesHTTPAndNothingElse() {
        let caught = [
            "public var httpStatus: Int { code.httpStatus }",
            "if let refusal, refusal.status == 403 {",
            "guard code != 422 else { return }",
            "import Hummingbird",
            "let status: HTTPResponse.Status = .conflict",
            "/// (409 the current state conflicts, 403 not allowed for this actor, 422 the input makes no",
            "case .notFound: 404 // HTTP",
        ]
        for line in caught {
            #expect(Self.findings(in: [("x.swift", line)]).count == 1, "\(line)")
        }
        let innocent = [
            "let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400",
            "(year % 4 == 0 && year % 100 != 0) || year % 400 == 0",
            "guard shift.status == .scheduled, !shift.isUnassigned else {",
            "public static let longestSession: TimeInterval = 16 * 3600",
            "case conflict",
        ]
        for line in innocent {
            #expect(Self.findings(in: [("x.swift", line)]).isEmpty, "\(line)")
        }
    }
}
