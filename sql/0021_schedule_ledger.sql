-- The schedule-change ledger (docs/week-planning.md, "The ledger's rules, presets as data"): every
-- change to a member's published shift inside the workplace's notice window, who initiated it and
-- the premium it owes under the rule then in force (settings.scheduleChanges), and every rest an
-- employer's change made shorter than the rule's. Written in the transaction of the change
-- (a marketplace action or a publication); never updated except to waive an entry.
CREATE TABLE schedule_ledger (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id      bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id           bigint NOT NULL,
    shift_id          bigint NOT NULL,
    shift_date        date NOT NULL,
    change            text NOT NULL CHECK (change IN ('added', 'moved', 'cut', 'removed', 'clopening')),
    reason            text NOT NULL CHECK (reason IN ('published', 'manager_change', 'pick_up', 'swap', 'suggestion', 'supplied', 'time_off')),
    exempt            boolean NOT NULL,
    actor_id          bigint REFERENCES users(id),
    before_starts_at  timestamptz,
    before_ends_at    timestamptz,
    after_starts_at   timestamptz,
    after_ends_at     timestamptz,
    notice_minutes    integer NOT NULL CHECK (notice_minutes >= 0),
    changed_minutes   integer NOT NULL CHECK (changed_minutes >= 0),
    -- The rule the entry was judged by, as it was (a preset's name, or "custom").
    rule              text NOT NULL,
    premium_minutes   integer NOT NULL CHECK (premium_minutes >= 0),
    premium_cents     integer NOT NULL CHECK (premium_cents >= 0),
    waived_by         bigint REFERENCES users(id),
    waived_at         timestamptz,
    waive_reason      text CHECK (waive_reason IS NULL OR length(waive_reason) BETWEEN 1 AND 500),
    recorded_at       timestamptz NOT NULL,
    FOREIGN KEY (workplace_id, user_id) REFERENCES users (workplace_id, id) ON DELETE CASCADE,
    CHECK ((waived_by IS NULL) = (waived_at IS NULL) AND (waived_at IS NULL) = (waive_reason IS NULL))
);
CREATE INDEX schedule_ledger_period_idx ON schedule_ledger (workplace_id, shift_date);
CREATE INDEX schedule_ledger_member_idx ON schedule_ledger (user_id, shift_date);
