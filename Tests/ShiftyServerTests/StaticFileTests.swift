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

/// The installable app's files are served with the types browsers insist on (issue 18).
@Suite struct InstallableAppFileTests {
    @Test func manifestServiceWorkerAndIconsHaveTheirTypes() async throws {
        try await TestServer.with { server in
            let manifest = try await server.client.send(.GET, "/manifest.webmanifest")
            #expect(manifest.status == 200)
            #expect(manifest.header("Content-Type")?.hasPrefix("application/manifest+json") == true, "\(manifest.header("Content-Type") ?? "")")
            let parsed = try JSONSerialization.jsonObject(with: manifest.body) as? [String: Any]
            #expect(parsed?["display"] as? String == "standalone")
            let icons = parsed?["icons"] as? [[String: Any]] ?? []
            #expect(Set(icons.compactMap { $0["sizes"] as? String }).isSuperset(of: ["192x192", "512x512"]))
            for icon in icons {
                let path = try #require(icon["src"] as? String)
                let answer = try await server.client.send(.GET, path)
                #expect(answer.status == 200, "\(path)")
                #expect(answer.header("Content-Type")?.hasPrefix(icon["type"] as? String ?? "?") == true, "\(path): \(answer.header("Content-Type") ?? "")")
            }
            let worker = try await server.client.send(.GET, "/sw.js")
            #expect(worker.status == 200)
            #expect(worker.header("Content-Type")?.contains("javascript") == true)
            #expect(worker.header("Service-Worker-Allowed") == "/")
            #expect(worker.header("Cache-Control") == "no-cache")
            #expect(try await server.client.send(.GET, "/app.js").header("Service-Worker-Allowed") == nil)
        }
    }
}
