-- Workplaces, users, sessions, invite codes and login throttling.
-- Every row that belongs to a workplace carries workplace_id so that every query can be scoped by it.

CREATE TABLE workplaces (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug        text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
    name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    time_zone   text NOT NULL,
    settings    jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id        bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    username            text NOT NULL CHECK (username ~ '^[a-z0-9][a-z0-9._-]{1,39}$'),
    display_name        text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 200),
    email               text CHECK (email IS NULL OR length(email) <= 320),
    role                text NOT NULL CHECK (role IN ('employee', 'manager')),
    pay_type            text NOT NULL DEFAULT 'normal' CHECK (pay_type IN ('normal', 'diligence')),
    active              boolean NOT NULL DEFAULT true,
    password_hash       text NOT NULL,
    password_changed_at timestamptz NOT NULL DEFAULT now(),
    created_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workplace_id, username),
    UNIQUE (workplace_id, id)
);

CREATE TABLE sessions (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash    text NOT NULL UNIQUE,
    user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind          text NOT NULL CHECK (kind IN ('cookie', 'bearer')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    last_seen_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at    timestamptz,
    user_agent    text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE invite_codes (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id  bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    code_hash     text NOT NULL UNIQUE,
    role          text NOT NULL DEFAULT 'employee' CHECK (role IN ('employee', 'manager')),
    created_by    bigint NOT NULL REFERENCES users(id),
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    max_uses      integer NOT NULL CHECK (max_uses BETWEEN 1 AND 1000),
    uses          integer NOT NULL DEFAULT 0 CHECK (uses <= max_uses),
    revoked_at    timestamptz,
    note          text
);
CREATE INDEX invite_codes_workplace_idx ON invite_codes (workplace_id);

-- Failed logins per key ('user:<workplace>/<username>' or 'addr:<ip>'), shared by all instances.
CREATE TABLE login_throttle (
    key            text PRIMARY KEY,
    failures       integer NOT NULL,
    window_start   timestamptz NOT NULL,
    blocked_until  timestamptz
);
