-- Fixed-shift change requests (issue 17): an employee asks to add, change or end one of their own
-- fixed shifts; a manager of the workplace approves (the change is then applied exactly as the
-- fixed-shift routes apply it) or declines with a note; the employee may withdraw a pending one.
--
-- `kind` says what is asked. `fixed_shift_id` is the fixed shift a change or an end is about
-- (required for those), and for an approved `add` the fixed shift the approval created. The
-- proposal columns are the fields of POST /fixed-shifts (an add: weekday, start and duration
-- required) or of PATCH /fixed-shifts/{id} (a change: NULL keeps the current value; a position of
-- '' clears it); an end proposes nothing.
CREATE TABLE fixed_shift_requests (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id      bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id           bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind              text NOT NULL CHECK (kind IN ('add', 'change', 'end')),
    fixed_shift_id    bigint REFERENCES fixed_shifts(id) ON DELETE CASCADE,
    weekday           smallint CHECK (weekday BETWEEN 1 AND 7),
    start_time        time,
    duration_minutes  integer CHECK (duration_minutes BETWEEN 1 AND 1440),
    position          text CHECK (length(position) <= 100),
    valid_from        date,
    valid_until       date,
    reason            text NOT NULL DEFAULT '' CHECK (length(reason) <= 1000),
    status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'withdrawn')),
    manager_note      text CHECK (length(manager_note) <= 1000),
    decided_by        bigint REFERENCES users(id) ON DELETE SET NULL,
    decided_at        timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CHECK (kind = 'add' OR fixed_shift_id IS NOT NULL),
    CHECK (kind <> 'add' OR (weekday IS NOT NULL AND start_time IS NOT NULL AND duration_minutes IS NOT NULL))
);
CREATE INDEX fixed_shift_requests_member ON fixed_shift_requests (user_id, created_at);
CREATE INDEX fixed_shift_requests_queue ON fixed_shift_requests (workplace_id, status, created_at);
