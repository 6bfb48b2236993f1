-- A manager's unpublished plan (docs/week-planning.md, slice 3): drafts are an overlay on
-- `shifts`, which stays the published schedule every employee, the marketplace, the calendar feed
-- and the kiosk read. Only the manager's plan (`GET /plan`) reads `shifts` ⊕ `schedule_drafts`;
-- publishing turns each draft into the marketplace actions the immediate routes run, in one
-- transaction.
--
-- A draft holds the shift as planned (not the steps): at most one per published shift, replaced
-- by a later change, deleted when the shift is planned back to what is published.
CREATE TABLE schedule_drafts (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id     bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    shift_id         bigint REFERENCES shifts(id) ON DELETE CASCADE,  -- NULL: a shift new in the draft
    base_sequence    integer,                                         -- shifts.sequence when drafted (stale check)
    owner_id         bigint NOT NULL,
    local_date       date NOT NULL,
    starts_at        timestamptz NOT NULL,
    ends_at          timestamptz NOT NULL CHECK (ends_at > starts_at),
    position         text CHECK (position IS NULL OR length(position) BETWEEN 1 AND 100),
    removed          boolean NOT NULL DEFAULT false,
    released         boolean NOT NULL DEFAULT false,
    override_reason  text CHECK (override_reason IS NULL OR length(override_reason) BETWEEN 1 AND 1000),
    created_by       bigint NOT NULL REFERENCES users(id),
    updated_by       bigint NOT NULL REFERENCES users(id),
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    FOREIGN KEY (workplace_id, owner_id) REFERENCES users (workplace_id, id),
    CHECK ((shift_id IS NULL) = (base_sequence IS NULL)),
    CHECK (shift_id IS NOT NULL OR NOT removed)
);
CREATE UNIQUE INDEX schedule_drafts_one_per_shift ON schedule_drafts (shift_id) WHERE shift_id IS NOT NULL;
CREATE INDEX schedule_drafts_week_idx ON schedule_drafts (workplace_id, local_date);

-- Bumped by every draft write, discard and publish: the publish preview's token, so a manager
-- publishes what they reviewed and not what another manager drafted meanwhile.
ALTER TABLE workplaces ADD COLUMN plan_revision bigint NOT NULL DEFAULT 0;
