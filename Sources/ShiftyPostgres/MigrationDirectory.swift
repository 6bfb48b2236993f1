import Foundation

/// Reads and checks the migration files of a directory.
enum MigrationDirectory {
    /// All `NNNN_name.sql` files in version order. Versions must run 1, 2, 3… without gaps or
    /// duplicates, so that two branches that both added "0005" are caught before deploying.
    static func load(_ directory: URL) throws -> [Migration] {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MigrationError("migration directory \(directory.path) does not exist")
        }
        let names = try fileManager.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sql") }.sorted()
        var migrations: [Migration] = []
        for fileName in names {
            guard let (version, name) = parse(fileName: fileName) else {
                throw MigrationError(
                    "migration file \(fileName) is not named NNNN_name.sql (a number, an underscore, a name of letters, digits, '_' or '-')"
                )
            }
            let url = directory.appendingPathComponent(fileName)
            let data = try Data(contentsOf: url)
            guard let sql = String(data: data, encoding: .utf8) else {
                throw MigrationError("migration file \(fileName) is not valid UTF-8")
            }
            migrations.append(
                Migration(version: version, name: name, fileName: fileName, checksum: SHA256Digest.hex(data), sql: sql)
            )
        }
        migrations.sort { ($0.version, $0.fileName) < ($1.version, $1.fileName) }
        try checkSequence(migrations)
        return migrations
    }

    static func parse(fileName: String) -> (version: Int, name: String)? {
        guard fileName.hasSuffix(".sql") else { return nil }
        let stem = fileName.dropLast(4)
        guard let underscore = stem.firstIndex(of: "_") else { return nil }
        let digits = stem[..<underscore]
        let name = stem[stem.index(after: underscore)...]
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let version = Int(digits), !name.isEmpty,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
        else { return nil }
        return (version, String(name))
    }

    static func checkSequence(_ migrations: [Migration]) throws {
        var expected = 1
        var previous: Migration?
        for migration in migrations {
            if let previous, previous.version == migration.version {
                throw MigrationError(
                    "migration files \(previous.fileName) and \(migration.fileName) have the same number \(migration.version); renumber one of them"
                )
            }
            if migration.version != expected {
                throw MigrationError(
                    "migration number \(expected) is missing (next file is \(migration.fileName)); migrations must be numbered 1, 2, 3… without gaps"
                )
            }
            previous = migration
            expected += 1
        }
    }

    /// One hash over every file's name and content: a changed set of migrations gives another hash.
    static func combinedHash(_ migrations: [Migration]) -> String {
        let text = migrations.map { "\($0.fileName)\u{0}\($0.checksum)\n" }.joined()
        return SHA256Digest.hex(Array(text.utf8))
    }
}
