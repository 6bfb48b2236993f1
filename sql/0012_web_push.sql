-- Web Push (issue 18): the server's VAPID key pair and the browsers' push subscriptions.
--
-- One VAPID key pair for the whole deployment (RFC 8292): made by the first instance that starts
-- (INSERT ... ON CONFLICT DO NOTHING, so two instances starting together agree on one), kept
-- here so every instance signs with the same key and subscriptions survive restarts.
CREATE TABLE vapid_keys (
    id          smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    private_key bytea NOT NULL CHECK (length(private_key) = 32),
    public_key  bytea NOT NULL CHECK (length(public_key) = 65),
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- One row per browser (device) that allowed notifications; the endpoint is the push service URL
-- that identifies it. A 404/410 from the push service deletes the row.
CREATE TABLE push_subscriptions (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id      bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id           bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint          text NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 10 AND 2000),
    p256dh            bytea NOT NULL CHECK (length(p256dh) = 65),
    auth              bytea NOT NULL CHECK (length(auth) = 16),
    user_agent        text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 200),
    created_at        timestamptz NOT NULL DEFAULT now(),
    last_success_at   timestamptz,
    last_failure_at   timestamptz,
    last_failure      text
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
