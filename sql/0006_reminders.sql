-- Shift reminders (issue 5): one `shift.reminder` event per shift and start time, exactly once.
--
-- The reminder service of every instance claims due shifts with INSERT … ON CONFLICT DO NOTHING
-- RETURNING: a row exists once per (shift, start), so two instances ticking at the same moment
-- write one event between them, a moved shift (new start) is reminded again, and a reminded one
-- never twice. Rows of shifts that started long ago are deleted by the same service.
CREATE TABLE shift_reminders (
    shift_id        bigint NOT NULL,
    starts_at       timestamptz NOT NULL,
    workplace_id    bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    -- Who was reminded: the owner when the reminder was due (a trade before it reminds the new owner).
    owner_id        bigint NOT NULL,
    minutes_before  integer NOT NULL CHECK (minutes_before BETWEEN 1 AND 1440),
    reminded_at     timestamptz NOT NULL,
    PRIMARY KEY (shift_id, starts_at)
);
CREATE INDEX shift_reminders_starts_at_idx ON shift_reminders (starts_at);

-- No new index on shifts: the reminder scan and the "now" board go through each member's shifts
-- (shifts_owner_time_idx), which costs about 30 ms for a 7,000-member workplace with 400,000 shifts,
-- while an index by start time would slow schedule generation's bulk inserts by about 40 %.
