import ArgumentParser
import Foundation
import Logging
import ShiftyConnections
import ShiftyFeatures
import ShiftyNotifications
import ShiftyPostgres
import ShiftySecurity
import ShiftyServer

/// Options shared by the commands that talk to the database or serve HTTP.
///
/// Every option can also come from the environment (`SHIFTY_…`, and `DATABASE_URL`) or from a settings
/// file (`--config`), so a systemd unit can keep its settings in one file. Precedence: flag, then
/// environment, then file, then the default.
struct ServerOptions: ParsableArguments {
    @Option(help: "Address to listen on. [env: SHIFTY_HOST] (default: 127.0.0.1)")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one. [env: SHIFTY_PORT] (default: 8080)")
    var port: Int?

    @Option(name: .customLong("database-url"), help: "PostgreSQL URL or libpq conninfo. [env: DATABASE_URL] Without it an embedded cluster is started.")
    var databaseURL: String?

    @Option(name: .customLong("data-dir"), help: "Data folder of the embedded cluster. [env: SHIFTY_DATA_DIR] (default: .shifty/postgres)")
    var dataDirectory: String?

    @Option(name: .customLong("pool-size"), help: "Database connections per instance. [env: SHIFTY_POOL_SIZE] (default: 8)")
    var poolSize: Int?

    @Option(name: .customLong("database-timeout"), help: "Seconds one database round trip may take before the connection is dropped and the request answered 503; keep it above the 30 s statement timeout. [env: SHIFTY_DATABASE_TIMEOUT] (default: 35)")
    var databaseTimeout: Int?

    @Flag(name: .customLong("allow-signup"), help: "Let anyone create a new workplace. [env: SHIFTY_ALLOW_SIGNUP=1]")
    var allowSignup = false

    @Option(name: .customLong("allowed-origin"), help: "Another origin allowed to send cookie-authenticated requests (repeatable). [env: SHIFTY_ALLOWED_ORIGINS, comma-separated]")
    var allowedOrigins: [String] = []

    @Flag(name: .customLong("secure-cookies"), help: "Always mark the session cookie Secure (use behind HTTPS). [env: SHIFTY_SECURE_COOKIES=1]")
    var secureCookies = false

    @Option(name: .customLong("session-days"), help: "Session lifetime in days. [env: SHIFTY_SESSION_DAYS] (default: 30)")
    var sessionDays: Int?

    @Option(name: .customLong("argon2-memory"), help: "Argon2id memory in KiB. [env: SHIFTY_ARGON2_MEMORY] (default: 19456)")
    var argon2Memory: UInt32?

    @Option(name: .customLong("argon2-iterations"), help: "Argon2id passes. [env: SHIFTY_ARGON2_ITERATIONS] (default: 2)")
    var argon2Iterations: UInt32?

    @Option(name: .customLong("argon2-parallelism"), help: "Argon2id lanes. [env: SHIFTY_ARGON2_PARALLELISM] (default: 1)")
    var argon2Parallelism: UInt32?

    @Option(name: .customLong("web-root"), help: "Folder of the browser page. [env: SHIFTY_WEB_ROOT] (default: ./web)")
    var webRoot: String?

    @Option(name: .customLong("migrations"), help: "Folder of the SQL migrations. [env: SHIFTY_MIGRATIONS] (default: ./sql)")
    var migrations: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical. [env: SHIFTY_LOG_LEVEL] (default: info)")
    var logLevel: String?

    @Option(name: .customLong("config"), help: "A settings file of KEY=VALUE lines with the environment variables' names; flags and the environment win over it. [env: SHIFTY_CONFIG]")
    var configFile: String?

    @Option(name: .customLong("instance-name"), help: "Names this instance in logs and in PostgreSQL's pg_stat_activity (shifty-listen NAME). [env: SHIFTY_INSTANCE_NAME] (default: host:port)")
    var instanceName: String?

    @Option(name: .customLong("event-retention-days"), help: "Days events are kept for live clients that resume. [env: SHIFTY_EVENT_RETENTION_DAYS] (default: 14)")
    var eventRetentionDays: Int?

    @Option(name: .customLong("trusted-proxy"), help: "Address of a reverse proxy whose X-Forwarded-For names the client, for per-client login throttling (repeatable). [env: SHIFTY_TRUSTED_PROXIES, comma-separated] (default: none)")
    var trustedProxies: [String] = []

    @Option(name: .customLong("live-connections-per-session"), help: "Live connections one login session may hold on this instance; more are refused with 429 too_many_live_connections. [env: SHIFTY_LIVE_CONNECTIONS_PER_SESSION] (default: 16)")
    var liveConnectionsPerSession: Int?

    @Option(name: .customLong("live-connections-per-user"), help: "Live connections one member may hold on this instance over all sessions. [env: SHIFTY_LIVE_CONNECTIONS_PER_USER] (default: 32)")
    var liveConnectionsPerUser: Int?

    @Option(name: .customLong("shutdown-timeout"), help: "Seconds a SIGTERM may take: stop accepting, close live connections with 1001, finish requests, then exit. [env: SHIFTY_SHUTDOWN_TIMEOUT] (default: 10)")
    var shutdownTimeout: Int?

    @Option(name: .customLong("http-idle-timeout"), help: "Seconds an HTTP connection may wait before sending a request (after connecting, between keep-alive requests); then 408 and close. [env: SHIFTY_HTTP_IDLE_TIMEOUT] (default: 30)")
    var httpIdleTimeout: Int?

    @Option(name: .customLong("http-header-timeout"), help: "Seconds from a request's first byte until its headers are complete; then 408 and close. [env: SHIFTY_HTTP_HEADER_TIMEOUT] (default: 10)")
    var httpHeaderTimeout: Int?

    @Option(name: .customLong("http-body-timeout"), help: "Longest silence in seconds while a request body arrives; then 408 and close. [env: SHIFTY_HTTP_BODY_TIMEOUT] (default: 30)")
    var httpBodyTimeout: Int?

    @Option(name: .customLong("http-request-timeout"), help: "Seconds from a request's first byte until its body is complete, however steadily it arrives (at least the header timeout); then 408 and close. [env: SHIFTY_HTTP_REQUEST_TIMEOUT] (default: 60)")
    var httpRequestTimeout: Int?

    @Option(name: .customLong("http-min-body-rate"), help: "Bytes per second a request body must average once it has taken 10 s; slower is 408 and close; 0 turns the check off. [env: SHIFTY_HTTP_MIN_BODY_RATE] (default: 500)")
    var httpMinBodyRate: Int?

    @Option(name: .customLong("max-connections"), help: "Connections (HTTP and live) served at once; beyond it the longest-idle is closed, or the newcomer gets 503 server_full (only /healthz is still answered). At most what the descriptor limit (ulimit -n) allows. [env: SHIFTY_MAX_CONNECTIONS] (default: from the descriptor limit)")
    var maxConnections: Int?

    @Option(name: .customLong("smtp-url"), help: "Send e-mail through this server: smtp://user:password@host:587 (STARTTLS required) or smtps://user:password@host:465. [env: SHIFTY_SMTP_URL] (default: none, e-mail off)")
    var smtpURL: String?

    @Option(name: .customLong("mail-from"), help: "The sender address of e-mails. [env: SHIFTY_MAIL_FROM] (default: shifty@<host of --public-url>)")
    var mailFrom: String?

    @Option(name: .customLong("smtp-ca-file"), help: "PEM file of CA certificates to trust for the SMTP server instead of the system's. [env: SHIFTY_SMTP_CA_FILE]")
    var smtpCAFile: String?

    @Option(name: .customLong("notification-lease"), help: "Seconds a delivery claimed by an instance is held before another instance sends it again (the first died mid-send), 5-3600. [env: SHIFTY_NOTIFICATION_LEASE] (default: 120)")
    var notificationLease: Int?

    @Option(name: .customLong("public-url"), help: "The address people open the page at, for links in e-mails. [env: SHIFTY_PUBLIC_URL] (default: http://host:port)")
    var publicURL: String?
    @Option(name: .customLong("vapid-subject"), help: "Contact for push services in the VAPID token (RFC 8292 sub): mailto:you@example.com or an https: URL. [env: SHIFTY_VAPID_SUBJECT] (default: mailto:admin@shifty.invalid)")
    var vapidSubject: String?

    @Option(name: .customLong("push-service-host"), help: "Another push service host (or parent domain) that browsers' subscriptions may name, besides the known ones: host for port 443, host:port for another port (repeatable). [env: SHIFTY_PUSH_SERVICE_HOSTS, comma-separated]")
    var pushServiceHosts: [String] = []

    @Option(name: .customLong("push-ca-file"), help: "PEM file of CA certificates to trust for push services instead of the system's (an operator's own push service with a private CA). [env: SHIFTY_PUSH_CA_FILE]")
    var pushCAFile: String?

    /// The environment with the settings file underneath it.
    func settings() throws -> [String: String] {
        let environment = ProcessInfo.processInfo.environment
        guard let path = configFile ?? environment["SHIFTY_CONFIG"] else { return environment }
        return try SettingsFile.load(path: path).values.merging(environment) { _, fromEnvironment in fromEnvironment }
    }

    func configuration() throws -> ServerConfiguration {
        let environment = try settings()
        func number<T: FixedWidthInteger>(_ flag: T?, _ name: String) throws -> T? {
            try Self.number(flag, environment: name, in: environment)
        }
        var configuration = ServerConfiguration()
        configuration.host = host ?? environment["SHIFTY_HOST"] ?? configuration.host
        configuration.port = try number(port, "SHIFTY_PORT") ?? configuration.port
        guard (0...65535).contains(configuration.port) else { throw ValidationError("--port must be between 0 and 65535.") }
        configuration.databaseURL = databaseURL ?? environment["DATABASE_URL"]
        if let url = configuration.databaseURL {
            // A string libpq cannot parse is reported where the connection is opened, as before.
            if let problem = (try? PostgresConnectionString.multiHostProblem(in: url)) ?? nil {
                throw ValidationError("--database-url: \(problem).")
            }
        }
        if let dataDirectory = dataDirectory ?? environment["SHIFTY_DATA_DIR"] {
            configuration.embeddedDataDirectory = URL(fileURLWithPath: dataDirectory)
        }
        configuration.databasePoolSize = try number(poolSize, "SHIFTY_POOL_SIZE") ?? configuration.databasePoolSize
        guard (1...200).contains(configuration.databasePoolSize) else { throw ValidationError("--pool-size must be between 1 and 200.") }
        if let seconds = try number(databaseTimeout, "SHIFTY_DATABASE_TIMEOUT") {
            guard (5...3600).contains(seconds) else { throw ValidationError("--database-timeout must be between 5 and 3600 seconds.") }
            configuration.databaseRoundTripTimeout = .seconds(seconds)
        }
        configuration.allowSignup = allowSignup || Self.flag(environment["SHIFTY_ALLOW_SIGNUP"])
        configuration.allowedOrigins = allowedOrigins + (environment["SHIFTY_ALLOWED_ORIGINS"]?.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } ?? [])
        configuration.secureCookies = secureCookies || Self.flag(environment["SHIFTY_SECURE_COOKIES"])
        if let days = try number(sessionDays, "SHIFTY_SESSION_DAYS") {
            guard (1...365).contains(days) else { throw ValidationError("--session-days must be between 1 and 365.") }
            configuration.sessionLifetime = .seconds(days * 86_400)
        }
        var argon2 = Argon2idParameters.owasp
        argon2.memoryKiB = try number(argon2Memory, "SHIFTY_ARGON2_MEMORY") ?? argon2.memoryKiB
        argon2.iterations = try number(argon2Iterations, "SHIFTY_ARGON2_ITERATIONS") ?? argon2.iterations
        argon2.parallelism = try number(argon2Parallelism, "SHIFTY_ARGON2_PARALLELISM") ?? argon2.parallelism
        guard argon2.memoryKiB >= 8 * argon2.parallelism, argon2.iterations >= 1, argon2.parallelism >= 1 else {
            throw ValidationError("Argon2id needs memory >= 8 KiB per lane, at least 1 pass and 1 lane.")
        }
        configuration.argon2 = argon2
        configuration.webRoot = (webRoot ?? environment["SHIFTY_WEB_ROOT"]).map { URL(fileURLWithPath: $0) } ?? ResourceLocator.locate("web")
        configuration.migrationsDirectory = (migrations ?? environment["SHIFTY_MIGRATIONS"]).map { URL(fileURLWithPath: $0) } ?? ResourceLocator.locate("sql")
        guard let migrationsDirectory = configuration.migrationsDirectory, FileManager.default.fileExists(atPath: migrationsDirectory.path) else {
            throw ValidationError("Cannot find the SQL migrations folder. Run from the repository or pass --migrations PATH.")
        }
        configuration.instanceName = instanceName ?? environment["SHIFTY_INSTANCE_NAME"] ?? "\(configuration.host):\(configuration.port)"
        guard !configuration.instanceName.isEmpty, configuration.instanceName.count <= 40,
              configuration.instanceName.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) }) else {
            throw ValidationError("--instance-name must be 1-40 letters, digits, '-', '_', '.' or ':'.")
        }
        if let days = try number(eventRetentionDays, "SHIFTY_EVENT_RETENTION_DAYS") {
            guard (1...365).contains(days) else { throw ValidationError("--event-retention-days must be between 1 and 365.") }
            configuration.eventRetentionDays = days
        }
        if let seconds = try number(shutdownTimeout, "SHIFTY_SHUTDOWN_TIMEOUT") {
            guard (1...600).contains(seconds) else { throw ValidationError("--shutdown-timeout must be between 1 and 600 seconds.") }
            configuration.shutdownTimeout = .seconds(seconds)
        }
        func timeout(_ flag: Int?, _ name: String, _ option: String) throws -> Duration? {
            guard let seconds = try number(flag, name) else { return nil }
            guard (1...3600).contains(seconds) else { throw ValidationError("--\(option) must be between 1 and 3600 seconds.") }
            return .seconds(seconds)
        }
        configuration.httpTimeouts.idle = try timeout(httpIdleTimeout, "SHIFTY_HTTP_IDLE_TIMEOUT", "http-idle-timeout") ?? configuration.httpTimeouts.idle
        configuration.httpTimeouts.header = try timeout(httpHeaderTimeout, "SHIFTY_HTTP_HEADER_TIMEOUT", "http-header-timeout") ?? configuration.httpTimeouts.header
        configuration.httpTimeouts.body = try timeout(httpBodyTimeout, "SHIFTY_HTTP_BODY_TIMEOUT", "http-body-timeout") ?? configuration.httpTimeouts.body
        configuration.httpTimeouts.request = try timeout(httpRequestTimeout, "SHIFTY_HTTP_REQUEST_TIMEOUT", "http-request-timeout")
            ?? configuration.httpTimeouts.request
        guard configuration.httpTimeouts.request >= configuration.httpTimeouts.header else {
            throw ValidationError("--http-request-timeout must be at least --http-header-timeout (a request's head is part of it).")
        }
        if let rate = try number(httpMinBodyRate, "SHIFTY_HTTP_MIN_BODY_RATE") {
            guard (0...100_000_000).contains(rate) else { throw ValidationError("--http-min-body-rate must be between 0 (off) and 100000000 bytes per second.") }
            configuration.httpTimeouts.minimumBodyRate = rate
        }
        // Empty means "what the descriptor limit allows", as the settings file example ships it.
        let ceilingSetting = environment["SHIFTY_MAX_CONNECTIONS"].map { $0.trimmingCharacters(in: .whitespaces) }
        if let count = try maxConnections ?? (ceilingSetting?.isEmpty == false ? number(nil as Int?, "SHIFTY_MAX_CONNECTIONS") : nil) {
            let allowed = DescriptorBudget.current(databaseConnections: configuration.databasePoolSize).connectionCeiling
            guard (1...allowed).contains(count) else {
                throw ValidationError(
                    "--max-connections must be between 1 and \(allowed): the descriptor limit (ulimit -n) is \(DescriptorBudget.currentLimit()), and the database pool, files and a reserve need the rest. Raise the limit (LimitNOFILE= in systemd) for more.")
            }
            configuration.connectionCeiling = count
        }
        if let count = try number(liveConnectionsPerSession, "SHIFTY_LIVE_CONNECTIONS_PER_SESSION") {
            guard (1...100_000).contains(count) else { throw ValidationError("--live-connections-per-session must be between 1 and 100000.") }
            configuration.liveLimits.connectionsPerSession = count
        }
        if let count = try number(liveConnectionsPerUser, "SHIFTY_LIVE_CONNECTIONS_PER_USER") {
            guard (1...100_000).contains(count) else { throw ValidationError("--live-connections-per-user must be between 1 and 100000.") }
            configuration.liveLimits.connectionsPerUser = count
        }
        configuration.openAPIDocument = environment["SHIFTY_OPENAPI"].map { URL(fileURLWithPath: $0) }
        configuration.trustedProxies = trustedProxies + (environment["SHIFTY_TRUSTED_PROXIES"]?.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } ?? [])
        for proxy in configuration.trustedProxies where !ClientAddress.isValidLiteral(proxy) {
            throw ValidationError("--trusted-proxy takes IP addresses (like 127.0.0.1 or ::1), not '\(proxy)'.")
        }
        if let seconds = try number(notificationLease, "SHIFTY_NOTIFICATION_LEASE") {
            guard (5...3600).contains(seconds) else { throw ValidationError("--notification-lease must be between 5 and 3600 seconds.") }
            configuration.notificationLease = .seconds(seconds)
        }
        configuration.publicURL = publicURL ?? environment["SHIFTY_PUBLIC_URL"]
        if let url = configuration.publicURL {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                throw ValidationError("--public-url must be an http:// or https:// address like https://shifty.example.com (not '\(url)').")
            }
        }
        if let smtp = smtpURL ?? environment["SHIFTY_SMTP_URL"], !smtp.isEmpty {
            let host = URL(string: configuration.notificationLinks.publicURL)?.host ?? "localhost"
            let from = mailFrom ?? environment["SHIFTY_MAIL_FROM"] ?? "shifty@\(host)"
            do {
                configuration.smtp = try SMTPSettings(url: smtp, from: from, caFile: smtpCAFile ?? environment["SHIFTY_SMTP_CA_FILE"])
            } catch let error as SMTPSettingsError {
                throw ValidationError(error.description)
            }
        }
        if let subject = vapidSubject ?? environment["SHIFTY_VAPID_SUBJECT"] {
            let lower = subject.lowercased()
            guard (lower.hasPrefix("mailto:") && subject.count > 8) || (lower.hasPrefix("https://") && subject.count > 9),
                  subject.count <= 200, !subject.contains(where: { $0.isWhitespace })
            else { throw ValidationError("--vapid-subject must be a mailto: or https: URL (like mailto:ops@example.com), not '\(subject)'.") }
            configuration.vapidSubject = subject
        }
        configuration.pushEndpoints.extraHosts = (pushServiceHosts + (environment["SHIFTY_PUSH_SERVICE_HOSTS"]?.split(separator: ",").map { String($0) } ?? []))
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        for host in configuration.pushEndpoints.extraHosts where !PushEndpointPolicy.isValidEntry(host) {
            throw ValidationError("--push-service-host takes a host name like push.example.com, or host:port like push.example.com:8443 for a port other than 443, not '\(host)'.")
        }
        if let file = pushCAFile ?? environment["SHIFTY_PUSH_CA_FILE"], !file.isEmpty {
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw ValidationError("--push-ca-file: cannot read '\(file)' (a PEM file of CA certificates).")
            }
            configuration.pushCAFile = file
        }
        let level = logLevel ?? environment["SHIFTY_LOG_LEVEL"] ?? "info"
        guard Logger.Level(rawValue: level) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical (not '\(level)').")
        }
        return configuration
    }

    func logger() -> Logger {
        var logger = Logger(label: "shifty")
        let level = logLevel ?? (try? settings())?["SHIFTY_LOG_LEVEL"] ?? "info"
        logger.logLevel = Logger.Level(rawValue: level) ?? .info
        return logger
    }

    /// The flag's value, else the environment variable's, parsed as `T`; nil when neither is set.
    /// An environment value that is not a whole number in `T`'s range is an error, not a crash.
    static func number<T: FixedWidthInteger>(
        _ flag: T?, environment name: String, in environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> T? {
        if let flag { return flag }
        guard let raw = environment[name] else { return nil }
        guard let value = T(raw.trimmingCharacters(in: .whitespaces)) else {
            let range = T.bitWidth < 64 ? " between \(T.min) and \(T.max)" : ""
            throw ValidationError("\(name) must be a whole number\(range), not '\(raw)'.")
        }
        return value
    }

    static func flag(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(value)
    }
}
