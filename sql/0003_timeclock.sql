-- Timeclock: kiosk devices, per-member PINs, punches and the audit trail of every manual edit.
-- Quotas and caps live in workplaces.settings under the "timeclock" key (TimeclockRules as JSON).

-- A browser a manager turned into a kiosk. Only the SHA-256 hash of its token is stored.
CREATE TABLE kiosks (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id  bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    token_hash    text NOT NULL UNIQUE,
    created_by    bigint NOT NULL REFERENCES users(id),
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_used_at  timestamptz,
    revoked_at    timestamptz
);
CREATE INDEX kiosks_workplace_idx ON kiosks (workplace_id);

-- A member's kiosk PIN (Argon2id), set by a manager.
CREATE TABLE user_pins (
    user_id       bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    workplace_id  bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    pin_hash      text NOT NULL,
    set_by        bigint NOT NULL REFERENCES users(id),
    set_at        timestamptz NOT NULL DEFAULT now()
);

-- One check-in or check-out. `at` is the server's clock for kiosk punches.
CREATE TABLE punches (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id  bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id       bigint NOT NULL,
    at            timestamptz NOT NULL,
    kind          text NOT NULL CHECK (kind IN ('in', 'out')),
    source        text NOT NULL CHECK (source IN ('kiosk', 'manager', 'demo')),
    kiosk_id      bigint REFERENCES kiosks(id) ON DELETE SET NULL,
    created_by    bigint REFERENCES users(id),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (workplace_id, user_id) REFERENCES users (workplace_id, id) ON DELETE CASCADE
);
CREATE INDEX punches_user_at_idx ON punches (user_id, at);
CREATE INDEX punches_workplace_at_idx ON punches (workplace_id, at);

-- Every manual change to a punch: who, when, what it was before and after, and why.
-- punch_id has no foreign key so that the record of a deleted punch survives it.
CREATE TABLE punch_edits (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id  bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    punch_id      bigint NOT NULL,
    user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    actor_id      bigint NOT NULL REFERENCES users(id),
    at            timestamptz NOT NULL DEFAULT now(),
    action        text NOT NULL CHECK (action IN ('add', 'move', 'delete')),
    before_at     timestamptz,
    before_kind   text CHECK (before_kind IN ('in', 'out')),
    after_at      timestamptz,
    after_kind    text CHECK (after_kind IN ('in', 'out')),
    reason        text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500)
);
CREATE INDEX punch_edits_workplace_idx ON punch_edits (workplace_id, id);
CREATE INDEX punch_edits_punch_idx ON punch_edits (punch_id);
