import Foundation
import Testing

/// `make install`'s script (scripts/install.sh) with the debug binary into a temporary DESTDIR.
@Suite struct InstallScriptTests {
    @Test func installsBinaryManPageAndCompletionsUnderDestdirAndPrefix() async throws {
        let root = URL(fileURLWithPath: ShiftyBinary.path).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let destdir = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-install-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: destdir) }
        let script = "cd '\(root.path)' && DESTDIR='\(destdir)' PREFIX=/opt/shifty bash scripts/install.sh '\(ShiftyBinary.path)'"
        let result = try await ShiftyBinary(server: "http://127.0.0.1:1").run([], shell: script)
        #expect(result.status == 0, "\(result)")
        let prefix = destdir + "/opt/shifty"
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/shifty"))
        let files = [
            "share/man/man1/shifty.1", "share/bash-completion/completions/shifty",
            "share/zsh/site-functions/_shifty", "share/fish/vendor_completions.d/shifty.fish",
        ]
        for file in files {
            let text = try String(contentsOfFile: prefix + "/" + file, encoding: .utf8)
            #expect(text.contains("approvals") && text.contains("hours"), "\(file)")
        }
        // man renders it without warnings when man is installed.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let rendered = try await ShiftyBinary(server: "").run([], shell: "MANWIDTH=100 man -l '\(prefix)/share/man/man1/shifty.1' 2>&1 | head -5")
            #expect(rendered.stdout.contains("shifty - Shifty, the shift marketplace server."), "\(rendered)")
        }
    }
}
