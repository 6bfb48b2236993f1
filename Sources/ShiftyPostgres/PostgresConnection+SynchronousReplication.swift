extension PostgresConnection {
    /// Returns once every transaction this connection can see committed has also reached the
    /// synchronous standbys (at once when none are configured).
    ///
    /// PostgreSQL makes a commit visible on the primary before the synchronous standby confirmed it.
    /// If the primary dies in between, the change is not on the promoted standby. Whatever is pushed
    /// to live clients or handed out as a cursor must not come from that window, or a client would
    /// hold an event the new primary never had (and whose id it may reuse). Committing a transaction
    /// that wrote WAL makes PostgreSQL wait for the standbys up to its commit record, which comes
    /// after every commit this connection saw. The smallest such write needs no table: a
    /// transactional logical-decoding message (allowed for ordinary roles, any `wal_level` from
    /// `replica`; nobody decodes it). A transaction that only took an id (`txid_current()`) would not
    /// do: PostgreSQL skips the wait when nothing but the commit record was written. Call it after
    /// reading, before using what was read. Throws when the connection breaks meanwhile (then nothing
    /// read may be used).
    ///
    /// `statement_timeout` does not cut the wait short (PostgreSQL stops the timer before it commits);
    /// a cancel request (`pg_cancel_backend`) would, and so does our round-trip deadline
    /// (``roundTripTimeout``): then the connection is closed and this throws, so nothing read is used.
    public func waitForSynchronousStandbys() throws {
        try executeScript(
            """
            BEGIN;
            SELECT CASE WHEN current_setting('synchronous_standby_names') <> ''
                THEN pg_logical_emit_message(true, 'shifty.standby_barrier', '') END;
            COMMIT
            """)
    }
}
