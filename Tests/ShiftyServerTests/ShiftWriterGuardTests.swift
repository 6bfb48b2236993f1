import Foundation
import ShiftyTestSupport
import Testing

/// One writer for shifts: every change of an existing shift's owner, time or status goes through
/// `Marketplace.apply` and `TransitionWriter`. Schedule generation inserts new occurrences, removes
/// untouched ones and, when the workplace's time zone changes, re-times the untouched generated ones
/// to the same wall-clock time (documented in `ScheduleGenerator`: they are still the generator's own,
/// nobody traded or reassigned them); the demo seeder inserts past shifts for its punches. Any other file writing `shifts` fails this test.
@Suite struct ShiftWriterGuardTests {
    @Test func onlyTheWriterAndGenerationWriteShifts() throws {
        let sources = TestServer.repositoryRoot.appendingPathComponent("Sources")
        let allowed: [String: Set<String>] = [
            "ShiftyFeatures/Marketplace/TransitionWriter.swift": ["INSERT INTO shifts", "UPDATE shifts"],
            "ShiftyFeatures/Shifts/ScheduleGenerator.swift": ["INSERT INTO shifts", "DELETE FROM shifts", "UPDATE shifts"],
            "ShiftyFeatures/Demo/DemoSeeder+Punches.swift": ["INSERT INTO shifts"],
            "ShiftyFeatures/Demo/DemoSeeder+Now.swift": ["INSERT INTO shifts"],
        ]
        var found: [String: Set<String>] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8).uppercased()
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            for statement in ["INSERT INTO SHIFTS", "UPDATE SHIFTS", "DELETE FROM SHIFTS"]
            where text.contains(statement + " ") || text.contains(statement + "\n") {
                found[relative, default: []].insert(statement.replacingOccurrences(of: "SHIFTS", with: "shifts"))
            }
        }
        #expect(found.keys.sorted() == allowed.keys.sorted(), "files writing shifts: \(found)")
        for (file, statements) in found {
            #expect(statements.isSubset(of: allowed[file] ?? []), "\(file) writes \(statements)")
        }
    }
}
