-- Time off and recurring availability (issue 16).
--
-- A time-off request covers first_date (from start_time, or the whole day) to last_date (until
-- end_time, or the whole day) in the workplace's time zone; starts_at/ends_at are the same span as
-- instants, fixed when the request is made, so the rulebook and the calendar feed compare
-- instants. Only `approved` blocks receiving shifts.
CREATE TABLE time_off_requests (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id  bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    first_date    date NOT NULL,
    last_date     date NOT NULL CHECK (last_date >= first_date),
    start_time    time,
    end_time      time,
    starts_at     timestamptz NOT NULL,
    ends_at       timestamptz NOT NULL CHECK (ends_at > starts_at),
    reason        text NOT NULL DEFAULT '' CHECK (length(reason) <= 1000),
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'withdrawn')),
    manager_note  text CHECK (length(manager_note) <= 1000),
    decided_by    bigint REFERENCES users(id) ON DELETE SET NULL,
    decided_at    timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX time_off_requests_member ON time_off_requests (user_id, starts_at);
CREATE INDEX time_off_requests_queue ON time_off_requests (workplace_id, status, starts_at);

-- Recurring availability: every ISO weekday (1 = Monday), from from_time to to_time
-- (workplace-local; to_time at or before from_time runs past midnight). `unavailable` entries
-- are a rule; `preferred` ones are only shown.
CREATE TABLE member_availability (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    weekday      integer NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    from_time    time NOT NULL,
    to_time      time NOT NULL,
    kind         text NOT NULL CHECK (kind IN ('unavailable', 'preferred'))
);
CREATE INDEX member_availability_member ON member_availability (user_id);
