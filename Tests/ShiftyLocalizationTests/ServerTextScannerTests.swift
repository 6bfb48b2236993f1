import Foundation
import Testing

/// The server's half of "no user-visible sentence outside the catalogue" (issue 27), run by
/// `make test`: the domain (whose refusals and rule findings carry codes and values, never
/// sentences) and every server module (the HTTP edge, the features, connections, live, notifications
/// and events) are scanned (``ServerTextScanner`` says where it looks), and every catalogue key they name must exist in English's server catalogue (the
/// completeness tests then hold Dutch to the same keys and placeholders).
/// A failure names file:line; a deliberate exception carries `// i18n-exempt: why` on its line.
@Suite struct ServerTextScannerTests {
    static let root = WebTextScannerTests.root

    /// Swift files under these folders are scanned.
    static let folders = [
        "Sources/ShiftyDomain", "Sources/ShiftyServerCore", "Sources/ShiftyServer", "Sources/ShiftyFeatures",
        "Sources/ShiftyConnections", "Sources/ShiftyLive", "Sources/ShiftyNotifications", "Sources/ShiftyEvents",
    ]

    /// Sentences not moved into the catalogue yet, per file. The count may only go down; a file
    /// that loses them all leaves the list (none is left today: a new one is a failure).
    static let notYetInTheCatalogue: [String: Int] = [:]

    static let swiftFiles: [String] = {
        let manager = FileManager.default
        var files: [String] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = manager.enumerator(atPath: base.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") { files.append("\(folder)/\(path)") }
        }
        return files.sorted()
    }()

    static func source(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func serverKeys(_ language: String) throws -> [String: String] {
        let data = try Data(contentsOf: root.appendingPathComponent("web/i18n/\(language)/server.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return object.compactMapValues { $0 as? String }.merging(object.filter { $0.value is [String: Any] }.mapValues { _ in "" }) { $1 }
    }

    @Test func theDomainAndTheEdgeHaveFilesToScan() {
        #expect(Self.swiftFiles.contains("Sources/ShiftyDomain/Rules/Rulebook.swift"))
        #expect(Self.swiftFiles.contains("Sources/ShiftyDomain/Marketplace/Marketplace+Legality.swift"))
        #expect(Self.swiftFiles.contains("Sources/ShiftyServerCore/Problems/Refusals/MarketplaceRefusal+HTTP.swift"))
        #expect(Self.swiftFiles.contains("Sources/ShiftyServerCore/Problems/Refusals/TimeOffRefusal+Problem.swift"))
        #expect(Self.swiftFiles.contains("Sources/ShiftyFeatures/Marketplace/MarketplaceService+Preview.swift"))
        #expect(Self.swiftFiles.contains("Sources/ShiftyServer/Reports/ReportRoutes.swift"))
        #expect(Self.swiftFiles.contains("Sources/ShiftyConnections/HTTP/HTTPConnectionRefusal.swift"))
        #expect(Self.swiftFiles.contains("Sources/ShiftyLive/Hub/LiveHub+Admission.swift"))
        #expect(Self.swiftFiles.contains { $0.hasPrefix("Sources/ShiftyNotifications/") })
        #expect(Self.swiftFiles.contains { $0.hasPrefix("Sources/ShiftyEvents/") })
    }

    @Test(arguments: swiftFiles)
    func noRefusalSentenceOutsideTheCatalogue(file: String) throws {
        let findings = ServerTextScanner.scan(try Self.source(file), file: file)
        let allowed = Self.notYetInTheCatalogue[file] ?? 0
        #expect(findings.count <= allowed, "\(findings.count) sentences outside the catalogue (give the refusal its code and values, word it in web/i18n/<lang>/server.json, or mark the line `// i18n-exempt: why`):\n\(findings.map(\.description).joined(separator: "\n"))")
        #expect(findings.count >= allowed, "\(file) has \(findings.count) sentences left, not \(allowed): lower its number in notYetInTheCatalogue")
    }

    @Test(arguments: swiftFiles)
    func everyKeyTheServerNamesExists(file: String) throws {
        let known = Set(try Self.serverKeys("en").keys)
        let missing = ServerTextScanner.usedKeys(in: try Self.source(file)).filter { used in
            used.isPrefix ? !known.contains { $0.hasPrefix(used.key) } : !known.contains(used.key)
        }
        #expect(missing.isEmpty, "keys not in web/i18n/en/server.json:\n\(missing.map { "\(file):\($0.line): \($0.key)" }.joined(separator: "\n"))")
    }

    // MARK: The scanner itself (each of these fails when a rule of the scanner is lost)

    @Test func sentencesInRefusalsFindingsAndProblemsAreCaught() {
        let source = #"""
        throw MarketplaceRefusal(.counterpartyInactive, "Member \(user) is deactivated and cannot trade.")
        result.append(RuleFinding(
            rule: rule, member: member, shiftID: incoming.shiftID, conflictingShiftIDs: [],
            detail: "Member \(member) is not qualified for \(position)."))
        self = .invalid(field.rawValue, "expected YYYY-MM-DD")
        self.init(.conflict, code: .punchRepeated, detail: "\(name) was already \(state); nothing was recorded.")
        throw Problem(.badRequest, code: .badRequest, detail: error.body ?? "The request is malformed.")
        let problem = MarketplaceRefusal(code, "Because.")
        """#
        let findings = ServerTextScanner.scan(source, file: "x.swift")
        #expect(findings.map(\.line) == [1, 4, 5, 6, 7, 8])
        #expect(findings.first?.description == #"x.swift:1: a sentence outside the catalogue: Member \(user) is deactivated and cannot trade."#)
    }

    @Test func keysFieldNamesPlaceholdersCommentsAndExemptLinesPass() {
        let source = #"""
        throw MarketplaceRefusal(.counterpartyInactive, .init(member: user))
        self = .invalid("date", ProblemText("server.invalid.date"))
        self = .invalid("dates.\(index)", ProblemText("server.invalid.atMost", ["limit": String(limit)]))
        text: .init("server.problem.timesheet_locked.detail", ["date": "\(date)", "approval": "\(approval)"]))
        // throw MarketplaceRefusal(.ownShift, "You cannot take your own shift.")
        /// `Problem(…, detail: "A sentence in a doc comment.")`
        errors: rows.map { ("line \($0.line)", reason) } // i18n-exempt: the field is the CSV's line
        let note = "rule overridden: \(code)" // not a refusal construction
        """#
        #expect(ServerTextScanner.scan(source, file: "y.swift") == [])
    }

    @Test func literalKeysAndPrefixesAreFound() {
        let source = #"""
        self.init(.conflict, code: .timesheetLocked, text: .init("server.problem.timesheet_locked.detail", ["date": "\(date)"]))
        let key = ProblemText("server.problem.\(code.rawValue).\(situation.rawValue)")
        """#
        let keys = ServerTextScanner.usedKeys(in: source)
        #expect(keys.map(\.key) == ["server.problem.timesheet_locked.detail", "server.problem."])
        #expect(keys.map(\.isPrefix) == [false, true])
        #expect(keys.map(\.line) == [1, 2])
    }
}
