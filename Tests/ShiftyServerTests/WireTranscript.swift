import Foundation
import ShiftyTestSupport
import Testing

/// Refused answers exactly as the wire carries them, in English and in Dutch: one line per answer,
/// `label [language] status body`. A suite compares the lines with the transcript it expects, so a
/// refusal that moves from a service into the domain must keep its status, code, title, sentence
/// and field errors byte for byte.
struct WireTranscript {
    /// One request as a member sends it (the member's token chooses the answer's language).
    struct Request {
        var token: String
        var send: () async throws -> TestHTTPClient.Response
    }

    let client: TestHTTPClient
    private(set) var lines: [String] = []

    init(_ client: TestHTTPClient) {
        self.client = client
    }

    /// Sends the request once in each language (a signed-in member is answered in their own
    /// language, so the sender's choice is set first) and records both answers.
    mutating func record(_ label: String, _ request: Request) async throws {
        for language in ["en", "nl"] {
            let chosen = try await client.json(.PUT, "/api/v1/me/language", ["language": language], token: request.token)
            try #require(chosen.status < 300, "language: \(chosen.text)")
            let response = try await request.send()
            lines.append("\(label) [\(language)] \(response.status) \(response.text)")
        }
    }

    /// Sends a request that carries no member (a kiosk, someone signed out) once in each language,
    /// asking for it with `Accept-Language`, and records both answers.
    mutating func record(_ label: String, accepting send: (_ acceptLanguage: String) async throws -> TestHTTPClient.Response) async throws {
        for language in ["en", "nl"] {
            let response = try await send(language)
            lines.append("\(label) [\(language)] \(response.status) \(response.text)")
        }
    }

    /// Rewrites every recorded line, for values a transcript cannot pin (seconds left on a clock).
    mutating func rewrite(_ transform: (String) -> String) {
        lines = lines.map(transform)
    }

    /// Compares with `expected` line by line, naming each line that differs.
    func expect(_ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(lines.count == expected.count, "\(lines.count) answers, expected \(expected.count)", sourceLocation: sourceLocation)
        for (index, line) in lines.enumerated() where index >= expected.count || expected[index] != line {
            Issue.record("line \(index + 1) differs:\n  got      \(line)\n  expected \(index < expected.count ? expected[index] : "nothing")", sourceLocation: sourceLocation)
        }
    }
}
