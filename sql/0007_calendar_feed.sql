-- Personal calendar feeds (RFC 5545): each member may publish their shifts at a secret URL.
--
-- Only the SHA-256 hash of the URL's token is stored, like sessions: a leaked backup cannot be
-- used to read anyone's schedule. One feed per member; rotating replaces the hash, turning the
-- feed off deletes the row, and the old URL then answers 404.
CREATE TABLE calendar_feeds (
    user_id     bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    token_hash  text NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Calendar clients keep an event and only replace it when its SEQUENCE grows (RFC 5545 3.8.7.4),
-- so every change a subscriber can see bumps `sequence` and `updated_at` (LAST-MODIFIED).
ALTER TABLE shifts ADD COLUMN sequence integer NOT NULL DEFAULT 0;

-- Cancelled shifts stay in their owner's feed (as cancelled) for the feed's window.
CREATE INDEX shifts_owner_cancelled_idx ON shifts (owner_id, starts_at) WHERE status = 'cancelled';

-- Shifts that left a member: traded away, reassigned by a manager, or deleted (a closed day, an
-- edited fixed shift). The feed keeps showing them to that member as cancelled, otherwise their
-- calendar would silently keep the old event. A snapshot, not a reference: deleted shifts count too.
CREATE TABLE shift_departures (
    user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    shift_id     bigint NOT NULL,
    starts_at    timestamptz NOT NULL,
    ends_at      timestamptz NOT NULL,
    position     text,
    sequence     integer NOT NULL,
    departed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, shift_id)
);
CREATE INDEX shift_departures_shift_idx ON shift_departures (shift_id);

CREATE FUNCTION shifts_bump_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.sequence := OLD.sequence + 1;
    -- Strictly later than before, even for two changes within one clock tick.
    NEW.updated_at := greatest(now(), OLD.updated_at + interval '1 microsecond');
    IF NEW.owner_id IS DISTINCT FROM OLD.owner_id THEN
        INSERT INTO shift_departures (user_id, shift_id, starts_at, ends_at, position, sequence, departed_at)
        VALUES (OLD.owner_id, NEW.id, NEW.starts_at, NEW.ends_at, NEW.position, NEW.sequence, NEW.updated_at)
        ON CONFLICT (user_id, shift_id) DO UPDATE
            SET starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, position = EXCLUDED.position,
                sequence = EXCLUDED.sequence, departed_at = EXCLUDED.departed_at;
        DELETE FROM shift_departures WHERE shift_id = NEW.id AND user_id = NEW.owner_id;
    END IF;
    RETURN NEW;
END $$;

-- The WHEN clause keeps updates that change nothing a calendar shows (deal bookkeeping, the
-- `touched` mark) free of the trigger's cost.
CREATE TRIGGER shifts_bump_sequence BEFORE UPDATE ON shifts FOR EACH ROW
    WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at
          OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
          OR OLD.owner_id IS DISTINCT FROM NEW.owner_id
          OR OLD.status IS DISTINCT FROM NEW.status
          OR OLD.position IS DISTINCT FROM NEW.position)
    EXECUTE FUNCTION shifts_bump_sequence();

-- Deleted shifts that were not over long ago, once per statement (generation may remove many).
CREATE FUNCTION shifts_record_deletions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO shift_departures (user_id, shift_id, starts_at, ends_at, position, sequence)
    SELECT o.owner_id, o.id, o.starts_at, o.ends_at, o.position, o.sequence + 1
    FROM deleted_shifts o
    WHERE o.status <> 'cancelled' AND o.ends_at > now() - interval '31 days'
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = o.owner_id)
    ON CONFLICT (user_id, shift_id) DO UPDATE
        SET starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, position = EXCLUDED.position,
            sequence = EXCLUDED.sequence, departed_at = EXCLUDED.departed_at;
    RETURN NULL;
END $$;
CREATE TRIGGER shifts_record_deletions AFTER DELETE ON shifts
    REFERENCING OLD TABLE AS deleted_shifts FOR EACH STATEMENT EXECUTE FUNCTION shifts_record_deletions();
