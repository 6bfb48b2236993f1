import Foundation
import Testing
import ShiftyTerminal

@Suite struct SessionFileTests {
    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("shifty-session-\(UUID().uuidString)")
    }

    func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func savesOnlyReadableByTheOwnerAndLoadsBack() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let store = SessionFile(environment: ["XDG_CONFIG_HOME": base.path, "HOME": "/nonexistent"])
        #expect(store.directory == base.appendingPathComponent("shifty"))
        #expect(store.load() == nil)
        let session = StoredSession(server: "http://127.0.0.1:8080", token: "secret", workplace: "demo", username: "anna")
        try store.save(session)
        #expect(store.load() == session)
        #expect(try mode(store.file) == 0o600)
        #expect(try mode(store.directory) == 0o700)
        // Saving again replaces it and keeps the mode.
        try store.save(StoredSession(server: "http://other", token: "new"))
        #expect(store.load()?.token == "new")
        #expect(try mode(store.file) == 0o600)
        #expect(store.delete())
        #expect(store.load() == nil)
        #expect(!store.delete())
    }

    @Test func defaultsToDotConfigInHome() {
        let store = SessionFile(environment: ["HOME": "/home/anna"])
        #expect(store.file.path == "/home/anna/.config/shifty/session.json")
        // A relative XDG_CONFIG_HOME is invalid by the spec and ignored.
        #expect(SessionFile(environment: ["HOME": "/home/anna", "XDG_CONFIG_HOME": "cfg"]).file.path == "/home/anna/.config/shifty/session.json")
    }

    @Test func corruptFilesAreTreatedAsLoggedOut() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let store = SessionFile(directory: base)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: store.file)
        #expect(store.load() == nil)
    }

    @Test func serverAddresses() throws {
        let local = try #require(ServerAddress("http://127.0.0.1:8080/"))
        #expect(local.description == "http://127.0.0.1:8080")
        #expect(local.url("/api/v1/marketplace")?.absoluteString == "http://127.0.0.1:8080/api/v1/marketplace")
        #expect(!local.isTLS)
        let proxied = try #require(ServerAddress("https://shifts.example.com/shifty"))
        #expect(proxied.port == 443 && proxied.isTLS)
        #expect(proxied.liveTarget("/api/v1/live?topics=marketplace") == "/shifty/api/v1/live?topics=marketplace")
        #expect(ServerAddress("localhost:9000")?.description == "http://localhost:9000")
        #expect(ServerAddress("ftp://x") == nil)
        #expect(ServerAddress("http://") == nil)
        #expect(ServerAddress("http://host:99999") == nil)
    }
}
