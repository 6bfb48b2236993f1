import Foundation
import ShiftyConnections
import ShiftyLive
import ShiftyNotifications
import ShiftySecurity

/// Everything `shifty serve` can be told, gathered in one value so the app can be built in tests
/// with the same code path as in production.
public struct ServerConfiguration: Sendable {
    public var host: String = "127.0.0.1"
    public var port: Int = 8080
    /// A libpq connection string or postgres:// URL; nil means "start the embedded cluster".
    public var databaseURL: String?
    /// Where the embedded cluster keeps its data when `databaseURL` is nil.
    public var embeddedDataDirectory: URL = URL(fileURLWithPath: ".shifty/postgres")
    public var databasePoolSize: Int = 8
    /// How long one database round trip may take before the connection is given up and the request
    /// answered 503 (`--database-timeout`); nil: the statement timeout (30 s) plus 5 s.
    /// docs/database-availability.md.
    public var databaseRoundTripTimeout: Duration?
    /// How long `/readyz` waits for the database before it answers 503.
    public var readinessTimeout: Duration = .seconds(3)
    /// Quiet time after which the LISTEN connection checks that its node still answers, and the
    /// deadline of that check (live pushes move to a node that answers within about twice this).
    public var listenerHeartbeat: Duration = .seconds(5)
    /// Whether anyone may create a new workplace (`--allow-signup`).
    public var allowSignup: Bool = false
    /// Seed the demo workplace at start.
    public var demo: Bool = false
    public var argon2: Argon2idParameters = .owasp
    public var sessionLifetime: Duration = .seconds(30 * 24 * 3600)
    /// Origins besides the server's own that may send cookie-authenticated unsafe requests.
    public var allowedOrigins: [String] = []
    /// Always mark the session cookie Secure (also done per request behind `X-Forwarded-Proto: https`).
    public var secureCookies: Bool = false
    public var webRoot: URL?
    public var migrationsDirectory: URL?
    /// The API description served at /api/v1/openapi.yaml; nil: found next to the binary or in the
    /// working directory (or SHIFTY_OPENAPI in the environment).
    public var openAPIDocument: URL?
    public var loginThrottle = LoginThrottlePolicy()
    /// The wall clock of rules decided in Swift (a kiosk's double-tap window, …); tests pass a
    /// fixed or moving instant instead of sleeping or depending on how fast the machine is.
    public var clock: @Sendable () -> Date = { Date() }
    /// How often schedule maintenance expires due deals (it also runs once at start). A test that
    /// needs a deal left past its expiry by everything but itself sets this beyond its own length.
    public var dealExpiryInterval: Duration = .seconds(60)
    /// Apply pending migrations at start (as `shifty migrate` does).
    public var migrateOnStart: Bool = true
    /// How long events are kept for clients resuming the live stream (older ones get `resync_required`).
    public var eventRetentionDays: Int = 14
    /// Names this instance in PostgreSQL's `pg_stat_activity` (`application_name` of its LISTEN
    /// connection is `shifty-listen <name>`), so an operator can tell instances apart.
    public var instanceName: String = "shifty"
    /// How often each instance re-reads events even without a notification, closes live connections
    /// of ended sessions (logout, deactivation) and prunes old events.
    public var livePollInterval: Duration = .seconds(10)
    /// Addresses of reverse proxies (nginx) whose `X-Forwarded-For` names the real client, so login
    /// throttling counts per client instead of per proxy.
    public var trustedProxies: [String] = []
    /// How long a graceful shutdown (SIGTERM) may take before the remaining work is cancelled.
    public var shutdownTimeout: Duration = .seconds(10)
    /// Idle, header, body and total timeouts and the minimum body rate of HTTP connections
    /// (`--http-idle-timeout` and friends).
    public var httpTimeouts = HTTPConnectionTimeouts()
    /// Connections (HTTP and live) this server keeps open before it closes the longest-idle one for
    /// each newcomer (`--max-connections`); nil, or more than the descriptor limit allows: what the
    /// limit allows (``DescriptorBudget``).
    public var connectionCeiling: Int?

    /// How this process spends its descriptors: from the current `RLIMIT_NOFILE`, the pool size and
    /// ``connectionCeiling``.
    public var descriptorBudget: DescriptorBudget {
        .current(databaseConnections: databasePoolSize, connectionCeiling: connectionCeiling)
    }
    /// Live connections and concurrent replays per session and per member (docs/live-protocol.md).
    public var liveLimits = LiveLimits()
    /// Outgoing e-mail (`--smtp-url`, `--mail-from`); nil: e-mail is off and the page says so.
    public var smtp: SMTPSettings?
    /// The address people open the page at, for links in e-mails (`--public-url`); nil: `http://host:port`.
    public var publicURL: String?
    /// Channels besides e-mail and Web Push (which ``notificationSenders(pool:keyring:)`` adds);
    /// each delivers its own rows of the outbox.
    public var notificationSenders: [any NotificationSender] = []
    /// How often each instance turns new events into deliveries and sends what is due.
    public var notificationInterval: Duration = .seconds(5)
    /// Whether committed events wake the delivery at once (the poll above is then the safety net);
    /// tests that drive delivery rounds themselves turn it off.
    public var notificationWakesOnEvents = true
    /// How long a claimed delivery is held before another instance may send it (the instance that
    /// claimed it died mid-send); longer than one SMTP conversation.
    public var notificationLease: Duration = .seconds(120)

    /// The links e-mails carry.
    public var notificationLinks: NotificationLinks {
        NotificationLinks(publicURL: publicURL ?? "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)")
    }

    /// E-mail (when configured) and the other configured senders.
    public var allNotificationSenders: [any NotificationSender] {
        (smtp.map { [EmailSender(settings: $0)] } ?? []) + notificationSenders
    }
    /// RFC 8292 `sub` of the VAPID token: how push services reach the operator
    /// (`--vapid-subject`, a `mailto:` or `https:` URL).
    public var vapidSubject: String = "mailto:admin@shifty.invalid"
    /// Which push service addresses subscriptions may name (`--push-service-host` adds hosts).
    public var pushEndpoints = PushEndpointPolicy()
    /// A PEM file of CA certificates to trust for push services instead of the system's
    /// (`--push-ca-file`), for an operator's own push service with a private CA.
    public var pushCAFile: String?

    public init() {}
}
