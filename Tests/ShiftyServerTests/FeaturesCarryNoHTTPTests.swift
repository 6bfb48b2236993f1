import Foundation
import ShiftyTestSupport
import Testing

/// `ShiftyFeatures` sits below the HTTP edge: its services take a caller and values and answer
/// values or refusals, and the edge (`ShiftyServer`) turns those into routes and problem documents.
/// SwiftPM keeps the features from importing the edge; this keeps them from reaching for HTTP
/// another way (Hummingbird, HTTP types, a request or a response) through a module below.
@Suite struct FeaturesCarryNoHTTPTests {
    static let forbidden = ["import Hummingbird", "import HTTPTypes", "import NIOHTTP", "HTTPResponse", "HTTPRequest", "HTTPFields"]

    /// Hummingbird's `Request` or `Response` as a parameter or a result.
    static func takesARequestOrAnswersAResponse(_ line: Substring) -> Bool {
        line.contains(/(:|->)\s*(Request|Response)\b/)
    }

    @Test func noFeatureFileUsesHTTP() throws {
        let root = TestServer.repositoryRoot.appendingPathComponent("Sources/ShiftyFeatures")
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var files = 0
        var found: [String] = []
        for case let file as URL in enumerator where file.pathExtension == "swift" {
            files += 1
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if let word = Self.forbidden.first(where: { line.contains($0) }) {
                    found.append("\(file.lastPathComponent):\(index + 1): \(word)")
                } else if Self.takesARequestOrAnswersAResponse(line) {
                    found.append("\(file.lastPathComponent):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(files > 100, "the features' sources were found")
        #expect(found.isEmpty, "HTTP in the features:\n\(found.joined(separator: "\n"))")
    }

    /// A problem document built from scratch (`Problem(…)`, `Problem.invalid(…)`, `.notFound`…).
    static func buildsAProblem(_ line: Substring) -> Bool {
        line.contains(/\bProblem(\(|\.(invalid|invalidParameter|notFound|managerOnly|unauthenticated)\b)/)
    }

    /// The features throw refusals and storage errors; which status and document a refusal gets
    /// is decided where the problem documents are made (`ShiftyServerCore/Problems`, the edge).
    @Test func noFeatureBuildsAProblemDocument() throws {
        let root = TestServer.repositoryRoot.appendingPathComponent("Sources/ShiftyFeatures")
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var found: [String] = []
        for case let file as URL in enumerator where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && Self.buildsAProblem(line) {
                found.append("\(file.lastPathComponent):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "problem documents built in the features (throw a refusal instead):\n\(found.joined(separator: "\n"))")
    }

    @Test func theProblemCheckSeesAProblemBeingBuilt() {
        #expect(Self.buildsAProblem(#"            throw Problem.invalid("quietHours", "must start and end at different times")"#))
        #expect(Self.buildsAProblem("        guard isManager else { throw Problem.managerOnly }"))
        #expect(Self.buildsAProblem("            var problem = Problem(decoding: error)"))
        #expect(!Self.buildsAProblem("        } catch let problem as Problem where problem.status.code < 500 {"))
        #expect(!Self.buildsAProblem("    package static func naming(_ problem: Problem, pool: PostgresPool?) async -> Problem {"))
    }

    /// The check sees what it is for.
    @Test func theCheckSeesARequestAndAResponse() {
        #expect(Self.takesARequestOrAnswersAResponse("    func list(_ request: Request) throws -> [Shift] {"))
        #expect(Self.takesARequestOrAnswersAResponse("    func answer() -> Response {"))
        #expect(!Self.takesARequestOrAnswersAResponse("    func list(_ body: TimeOffRequest) -> ShiftRequest {"))
    }
}
