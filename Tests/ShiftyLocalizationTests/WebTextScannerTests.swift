import Foundation
import Testing

/// The page's half of "no user-visible string outside the catalogue" (issue 19), run by `make test`:
/// every script and HTML file in web/ is scanned (WebTextScanner says where it looks), and every
/// literal catalogue key the page uses must exist in English's page, manage or language file.
/// A failure names file:line; a deliberate exception carries `// i18n-exempt: why` on its line.
@Suite struct WebTextScannerTests {
    /// The repository's root, from this file's place in Tests/ShiftyLocalizationTests/.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// web/*.js, web/views/*.js and web/*.html, as paths relative to the root.
    static let webFiles: [String] = {
        let manager = FileManager.default
        var files: [String] = []
        for folder in ["web", "web/views"] {
            let names = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            files += names.filter { $0.hasSuffix(".js") || $0.hasSuffix(".html") }.map { "\(folder)/\($0)" }
        }
        return files.sorted()
    }()

    static func source(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every key of English's page, manage and language catalogues.
    static func pageKeys() throws -> Set<String> {
        var keys: Set<String> = []
        for part in ["page", "manage", "language"] {
            let data = try Data(contentsOf: root.appendingPathComponent("web/i18n/en/\(part).json"))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            keys.formUnion(object.keys)
        }
        return keys
    }

    static func scan(_ path: String, _ source: String) -> [WebTextScanner.Finding] {
        path.hasSuffix(".html") ? WebTextScanner.scanHTML(source, file: path) : WebTextScanner.scanJavaScript(source, file: path)
    }

    @Test func thePageHasFilesToScan() {
        #expect(Self.webFiles.contains("web/app.js"))
        #expect(Self.webFiles.contains("web/index.html"))
        #expect(Self.webFiles.contains { $0.hasPrefix("web/views/") })
    }

    @Test(arguments: webFiles)
    func noEnglishOutsideTheCatalogue(file: String) throws {
        let findings = Self.scan(file, try Self.source(file))
        #expect(findings.isEmpty, "\(findings.count) texts outside the catalogue (move them to web/i18n/<lang>/*.json and use t()/data-i18n, or mark the line `// i18n-exempt: why`):\n\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: webFiles)
    func everyKeyThePageUsesExists(file: String) throws {
        let known = try Self.pageKeys()
        let missing = WebTextScanner.usedKeys(in: try Self.source(file), html: file.hasSuffix(".html")).filter { !known.contains($0.key) }
        #expect(missing.isEmpty, "keys not in web/i18n/en/{page,manage,language}.json:\n\(missing.map { "\(file):\($0.line): \($0.key)" }.joined(separator: "\n"))")
    }

    // MARK: The scanner itself (each of these fails when a rule of the scanner is lost)

    @Test func scriptsAreCaughtWhereThePageShowsWords() {
        let source = """
        el('p', { text: 'Welcome aboard!' });
        button.textContent = `Back in ${left} seconds`;
        if (confirm('Delete it?')) go();
        say(ok ? 'Saved.' : 'Not saved.', 'ok');
        node.setAttribute('aria-label', "Close menu");
        input.placeholder = 'Front desk';
        """
        let findings = WebTextScanner.scanJavaScript(source, file: "x.js")
        #expect(findings.map(\.line) == [1, 2, 3, 4, 4, 5, 6])
        #expect(findings.map(\.text) == ["Welcome aboard!", "Back in ${left} seconds", "Delete it?", "Saved.", "Not saved.", "Close menu", "Front desk"])
        #expect(findings.first?.description == "x.js:1: user-visible text outside the catalogue: Welcome aboard!")
    }

    @Test func keysIdsPunctuationAndExemptLinesPass() {
        let source = """
        el('p', { text: t('login.welcome') });
        el('a', { text: t('kiosk.hello', { name: tile.displayName }), attrs: { href: '#/market' }, data: { action: 'supply' } });
        el('span', { class: 'badge primary', text: `${count} · ${total}` });
        el('li', { text: String(count), title: '' });
        // say('Commented out.')
        say('Shifty 2.0', 'ok'); // i18n-exempt: version banner
        const english = 'There is news.'; // a variable, not shown as such
        status.title = state === 'online' ? t('live.title.online') : problemSentence({ code: 'too_many_live_connections' });
        clock.textContent = new Intl.DateTimeFormat(locale(), { weekday: 'short', hour: '2-digit' }).format(now);
        """
        #expect(WebTextScanner.scanJavaScript(source, file: "y.js") == [])
    }

    @Test func htmlTextOutsideDataI18nIsCaught() {
        let source = """
        <title>Shifty</title>
        <p class="hint">Tap your name.</p>
        <label><span data-i18n="login.username">Username</span> <input name="username"></label>
        <p data-i18n="login.kioskHint"><a href="/k" data-i18n-slot="link" data-i18n="login.kioskLink">Open</a> (for the device).</p>
        <button aria-label="Clear PIN">1</button>
        <input placeholder="Front desk" data-i18n-attr="placeholder:kiosk.setup.namePlaceholder">
        <p>Call <code>shifty market</code></p>
        <script>const x = 'Not text';</script>
        <!-- A comment with words -->
        <p>Version 1</p><!-- i18n-exempt: release notes -->
        """
        let findings = WebTextScanner.scanHTML(source, file: "z.html")
        #expect(findings.map(\.line) == [2, 5, 7])
        #expect(findings.map(\.text) == ["Tap your name.", #"aria-label="Clear PIN""#, "Call"])
    }

    @Test func literalKeysAreFound() {
        let script = WebTextScanner.usedKeys(in: "say(t('app.loggedOut'));\nx = tn(\"kiosk.countdown\", 3) + t(`shift.status.${s}`) + split('a')", html: false)
        #expect(script.map(\.key) == ["app.loggedOut", "kiosk.countdown"])
        #expect(script.map(\.line) == [1, 2])
        let html = WebTextScanner.usedKeys(in: #"<p data-i18n="login.title" data-i18n-attr="aria-label:nav.main; title:nav.quick">"#, html: true)
        #expect(html.map(\.key) == ["login.title", "nav.main", "nav.quick"])
    }
}
