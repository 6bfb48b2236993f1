/// The libpq settings every connection we open gets (pool, LISTEN, probe), unless the operator's
/// connection string sets them itself: the connection string is expanded after these, and libpq lets
/// the later value win.
///
/// The TCP settings bound how long the kernel keeps a connection to a host that is gone from the
/// network (power loss, a partition, a failover that did not close our sockets). Without them Linux
/// waits about two hours on an idle connection and 15 retransmissions (~15 minutes) on a busy one.
/// They cannot detect a server that is *frozen* but whose kernel still acknowledges packets (a
/// stopped process, a blackholing proxy); the round-trip deadline does that
/// (``PostgresConfiguration/effectiveRoundTripTimeout``). Unix sockets ignore them.
/// See docs/database-availability.md.
enum PostgresConnectionDefaults {
    /// Probe an idle connection after 10 s of silence…
    static let keepalivesIdleSeconds = 10
    /// …then every 5 s…
    static let keepalivesIntervalSeconds = 5
    /// …and give up after 2 unanswered probes: an idle connection to a vanished host dies within
    /// about 20 s (the LISTEN connection is idle most of the time).
    static let keepalivesCount = 2
    /// Data we sent that stays unacknowledged this long ends the connection (`TCP_USER_TIMEOUT`):
    /// a statement sent to a vanished host fails after 20 s instead of ~15 minutes of retransmissions.
    /// Shorter than the default round-trip deadline (statement timeout + 5 s), longer than the few
    /// seconds of packet loss TCP rides out by itself.
    static let tcpUserTimeoutMilliseconds = 20_000

    /// Keyword/value pairs for `PQconnectdbParams`, before the connection string (`dbname`, expanded).
    static func parameters(for configuration: PostgresConfiguration) -> [(keyword: String, value: String)] {
        // libpq takes whole seconds (and treats 1 as 2).
        let connectTimeoutSeconds = max(1, (configuration.connectTimeout.wholeMilliseconds + 999) / 1000)
        return [
            ("application_name", configuration.applicationName),
            ("connect_timeout", String(connectTimeoutSeconds)),
            ("client_encoding", "UTF8"),
            ("keepalives", "1"),
            ("keepalives_idle", String(keepalivesIdleSeconds)),
            ("keepalives_interval", String(keepalivesIntervalSeconds)),
            ("keepalives_count", String(keepalivesCount)),
            ("tcp_user_timeout", String(tcpUserTimeoutMilliseconds)),
            ("dbname", configuration.connectionString),
        ]
    }
}
