-- Positions, qualifications and members' own hour limits (issue 16).
--
-- Shifts and fixed shifts keep their position as text (it is what the schedule, the calendar feed
-- and the reports already show). A workplace *tracks* a position once it is listed here: only then
-- does a shift for it need a qualified receiver. Positions that no one listed (old free text,
-- a typo) keep working as before, so this migration changes nothing until a manager sets
-- qualifications (which lists the positions named).
CREATE TABLE workplace_positions (
    workplace_id bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    PRIMARY KEY (workplace_id, name)
);

CREATE TABLE member_qualifications (
    workplace_id bigint NOT NULL,
    user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    position     text NOT NULL,
    PRIMARY KEY (user_id, position),
    FOREIGN KEY (workplace_id, position) REFERENCES workplace_positions(workplace_id, name) ON DELETE CASCADE
);

-- A member's own values for the workplace's hour limits (settings.hourLimits); NULL keeps the
-- workplace's value. The severity (refuse or warn) is always the workplace's.
CREATE TABLE member_hour_limits (
    user_id              bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    max_weekly_hours     integer CHECK (max_weekly_hours BETWEEN 1 AND 10000),
    min_rest_hours       integer CHECK (min_rest_hours BETWEEN 1 AND 10000),
    max_consecutive_days integer CHECK (max_consecutive_days BETWEEN 1 AND 10000),
    max_shift_hours      integer CHECK (max_shift_hours BETWEEN 1 AND 10000)
);
