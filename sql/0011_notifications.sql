-- Notifications away from the page (issue 18): one outbox of deliveries per person and channel,
-- each person's preferences, and one-time password reset tokens.
--
-- Deliveries are derived from the `events` table with one cursor per workplace (docs/notifications.md):
-- every writer of events already exists and stays unchanged, and a workplace's events become visible
-- in id order (EventWriter's advisory lock), so a per-workplace cursor never skips one.

-- How far each workplace's events have been turned into deliveries. Existing workplaces start at
-- their newest event, so history is not mailed out when this migration runs.
CREATE TABLE notification_cursors (
    workplace_id  bigint PRIMARY KEY REFERENCES workplaces(id) ON DELETE CASCADE,
    last_event_id bigint NOT NULL
);
INSERT INTO notification_cursors (workplace_id, last_event_id)
SELECT w.id, coalesce((SELECT max(e.id) FROM events e WHERE e.workplace_id = w.id), 0) FROM workplaces w;

-- Per person: which channels each kind goes to (kinds left out take the defaults), quiet hours in
-- the workplace's time zone (minutes after midnight; start > end wraps past midnight), and whether
-- e-mails are bundled into one daily digest sent at `digest_minute`.
CREATE TABLE notification_preferences (
    user_id        bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    channels       jsonb NOT NULL DEFAULT '{}'::jsonb,
    quiet_start    integer CHECK (quiet_start BETWEEN 0 AND 1439),
    quiet_end      integer CHECK (quiet_end BETWEEN 0 AND 1439),
    digest         boolean NOT NULL DEFAULT false,
    digest_minute  integer NOT NULL DEFAULT 420 CHECK (digest_minute BETWEEN 0 AND 1439),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CHECK ((quiet_start IS NULL) = (quiet_end IS NULL))
);

-- One row per (message, person, channel): `dedupe_key` names the message ('event:<id>' or
-- 'reset:<id>'), so a fan-out that runs twice inserts nothing the second time.
CREATE TABLE notification_deliveries (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id   bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id        bigint REFERENCES users(id) ON DELETE CASCADE,
    -- Where to, when the recipient is not a member yet (an invitation) or for a one-off address.
    address        text CHECK (address IS NULL OR length(address) <= 320),
    event_id       bigint,
    dedupe_key     text NOT NULL,
    kind           text NOT NULL,
    channel        text NOT NULL CHECK (channel IN ('email', 'push')),
    subject        text NOT NULL,
    body           text NOT NULL,
    link           text NOT NULL,
    message_id     text NOT NULL,
    digest         boolean NOT NULL DEFAULT false,
    status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed', 'gone')),
    attempts       integer NOT NULL DEFAULT 0,
    not_before     timestamptz NOT NULL DEFAULT now(),
    claimed_until  timestamptz,
    last_error     text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    finished_at    timestamptz,
    UNIQUE (dedupe_key, channel, user_id),
    CHECK (user_id IS NOT NULL OR address IS NOT NULL)
);
-- The workers' claim: due rows per channel.
CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (channel, not_before) WHERE status IN ('pending', 'sending');
-- The managers' list of failures.
CREATE INDEX notification_deliveries_failed_idx ON notification_deliveries (workplace_id, finished_at) WHERE status = 'failed';

-- One-time password reset links: only the SHA-256 of the token is kept; it expires and works once.
CREATE TABLE password_reset_tokens (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash    text NOT NULL UNIQUE,
    -- The manager who made it for the member; NULL: asked for by e-mail ("forgot password").
    created_by    bigint REFERENCES users(id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    used_at       timestamptz
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id, created_at);
