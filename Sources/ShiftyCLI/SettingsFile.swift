import ArgumentParser
import Foundation

/// The optional settings file (`--config FILE` / SHIFTY_CONFIG): `KEY=VALUE` lines with the same names
/// as the environment variables, so one file serves systemd's `EnvironmentFile=` and `--config`.
///
/// Every line is validated when the server starts: a misspelled key or a line that is not `KEY=VALUE`
/// stops it with the file, the line number and what to fix, instead of being silently ignored.
struct SettingsFile {
    static let knownKeys: [String] = [
        "DATABASE_URL", "SHIFTY_HOST", "SHIFTY_PORT", "SHIFTY_DATA_DIR", "SHIFTY_POOL_SIZE", "SHIFTY_DATABASE_TIMEOUT", "SHIFTY_ALLOW_SIGNUP",
        "SHIFTY_ALLOWED_ORIGINS", "SHIFTY_SECURE_COOKIES", "SHIFTY_SESSION_DAYS", "SHIFTY_ARGON2_MEMORY",
        "SHIFTY_ARGON2_ITERATIONS", "SHIFTY_ARGON2_PARALLELISM", "SHIFTY_WEB_ROOT", "SHIFTY_MIGRATIONS",
        "SHIFTY_LOG_LEVEL", "SHIFTY_INSTANCE_NAME", "SHIFTY_EVENT_RETENTION_DAYS", "SHIFTY_SHUTDOWN_TIMEOUT",
        "SHIFTY_OPENAPI", "SHIFTY_TRUSTED_PROXIES",
        "SHIFTY_HTTP_IDLE_TIMEOUT", "SHIFTY_HTTP_HEADER_TIMEOUT", "SHIFTY_HTTP_BODY_TIMEOUT",
        "SHIFTY_HTTP_REQUEST_TIMEOUT", "SHIFTY_HTTP_MIN_BODY_RATE", "SHIFTY_MAX_CONNECTIONS",
        "SHIFTY_LIVE_CONNECTIONS_PER_SESSION", "SHIFTY_LIVE_CONNECTIONS_PER_USER",
        "SHIFTY_SMTP_URL", "SHIFTY_MAIL_FROM", "SHIFTY_SMTP_CA_FILE", "SHIFTY_PUBLIC_URL", "SHIFTY_NOTIFICATION_LEASE",
        "SHIFTY_VAPID_SUBJECT", "SHIFTY_PUSH_SERVICE_HOSTS", "SHIFTY_PUSH_CA_FILE",
    ]

    var values: [String: String] = [:]

    /// Parses the file's text; `name` is only used in messages.
    static func parse(_ text: String, name: String) throws -> SettingsFile {
        var file = SettingsFile()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = String(line.dropFirst("export ".count)).trimmingCharacters(in: .whitespaces) }
            guard let equals = line.firstIndex(of: "=") else {
                throw ValidationError("\(name), line \(index + 1): expected KEY=VALUE, found '\(line.prefix(60))'.")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            guard knownKeys.contains(key) else {
                let hint = knownKeys.first { $0.lowercased() == key.lowercased() || $0 == "SHIFTY_" + key.uppercased() }
                throw ValidationError(
                    "\(name), line \(index + 1): unknown setting '\(key)'." + (hint.map { " Did you mean \($0)?" } ?? " Known settings: \(knownKeys.joined(separator: ", ")).")
                )
            }
            file.values[key] = value
        }
        return file
    }

    /// Reads `path`; a missing or unreadable file is an error naming it.
    static func load(path: String) throws -> SettingsFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("Cannot read the settings file \(path): check the path and its permissions.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ValidationError("The settings file \(path) is not UTF-8 text.")
        }
        return try parse(text, name: path)
    }
}
