-- Fixed shifts meet the rulebook (docs/fixed-shift-rules.md).
--
-- A manager may save a fixed shift that breaks overridable rules, with a reason: the rules set
-- aside are kept on the fixed shift, so generation keeps creating its weeks despite them (it skips
-- weeks the rules refuse otherwise). Every later save replaces them (an employee's save: none).
ALTER TABLE fixed_shifts
    ADD COLUMN overridden_rules text[] NOT NULL DEFAULT '{}',
    ADD COLUMN override_reason text CHECK (length(override_reason) <= 1000);

-- Weeks generation left out because the rules refuse them, so the managers are told once per
-- week: the key is the occurrence's (fixed_shift_id, local_date). Generation checks such a week
-- again on every run and creates it once the rules allow it (the row is then deleted); saving or
-- ending the fixed shift forgets its rows (the save was checked itself).
CREATE TABLE fixed_shift_skips (
    fixed_shift_id  bigint NOT NULL REFERENCES fixed_shifts(id) ON DELETE CASCADE,
    local_date      date NOT NULL,
    workplace_id    bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    rules           text[] NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (fixed_shift_id, local_date)
);

-- A decided change or end request keeps the fixed shift as it was just before the decision, so
-- "Monday 09:00–17:00 → Tuesday 10:00–18:00" still reads right after the change was applied.
ALTER TABLE fixed_shift_requests
    ADD COLUMN before_weekday smallint CHECK (before_weekday BETWEEN 1 AND 7),
    ADD COLUMN before_start_time time,
    ADD COLUMN before_duration_minutes integer,
    ADD COLUMN before_position text;
