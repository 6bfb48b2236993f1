-- Idempotency keys (docs/idempotency.md): a client sends `Idempotency-Key` with a state-changing
-- request, and the first answer is stored here in the same transaction as the change it answers.
-- A retry after a lost answer (a 503 under failover, a dropped connection) then gets the stored
-- answer instead of a second pick-up, approval or punch, and a retry of a request whose change never
-- committed finds no key and runs afresh: the key and the change commit together or not at all.
--
-- A key belongs to one caller: a member (`user_id`, requests with a session) or a kiosk
-- (`kiosk_id`, punches). `key_hash` is SHA-256 of the key; `fingerprint` is SHA-256 of the key,
-- method, path, query and body, so without the key (which only the client holds) it reveals nothing
-- about a body, and bodies carry passwords and PINs. Answers that hand out a secret (sessions,
-- kiosk and calendar tokens, invite codes, reset links) are never stored, and neither are 5xx
-- answers or answers with Retry-After. Rows older than 24 hours are deleted by the schedule
-- maintenance (and ignored before that).
CREATE TABLE idempotency_keys (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint REFERENCES users(id) ON DELETE CASCADE,
    kiosk_id     bigint REFERENCES kiosks(id) ON DELETE CASCADE,
    key_hash     text NOT NULL,
    fingerprint  text NOT NULL,
    status       smallint NOT NULL CHECK (status BETWEEN 200 AND 499),
    headers      jsonb NOT NULL,
    body         bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CHECK ((user_id IS NULL) <> (kiosk_id IS NULL))
);
CREATE UNIQUE INDEX idempotency_keys_member ON idempotency_keys (user_id, key_hash) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX idempotency_keys_kiosk ON idempotency_keys (kiosk_id, key_hash) WHERE kiosk_id IS NOT NULL;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
