import Foundation
import ShiftyTestSupport
import Testing

/// The web root serves its own plain files only: no symbolic links out of it, no path cut at a NUL.
@Suite struct StaticFileTests {
    @Test func symbolicLinksAndNULPathsAreNotServed() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-web-\(UUID().uuidString)")
        let root = base.appendingPathComponent("web")
        let outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try "<h1>page</h1>".write(to: root.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "plain".write(to: root.appendingPathComponent("app.js"), atomically: true, encoding: .utf8)
        try "secret".write(to: outside.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("leak.txt"), withDestinationURL: outside.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("folder"), withDestinationURL: outside)

        try await TestServer.with(configure: { $0.webRoot = root }) { server in
            #expect(try await server.client.send(.GET, "/app.js").text == "plain")
            #expect(try await server.client.send(.GET, "/").status == 200)
            for path in ["/leak.txt", "/folder/secret.txt", "/folder/", "/app.js%00.png", "/app.js%00", "/%2e%2e/outside/secret.txt"] {
                let response = try await server.client.send(.GET, path)
                #expect(response.status == 404 || response.status == 400, "\(path): \(response.status)")
                #expect(!response.text.contains("secret") && !response.text.contains("plain"), "\(path): \(response.text)")
            }
        }
    }
}
