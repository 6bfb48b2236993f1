-- Staffing a workplace needs (docs/week-planning.md, "Coverage"): per weekday and time range,
-- how many people of which position. The grid compares them with the planned shifts.
-- end_time at or before start_time: the window ends the next day (a bar open until 02:00).
-- Managers replace the whole list at once (PUT /coverage-needs), so rows have no identity of
-- their own beyond their place in the list.
CREATE TABLE coverage_needs (
    workplace_id  bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    ordinal       smallint NOT NULL CHECK (ordinal BETWEEN 0 AND 199),
    weekday       smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    start_time    time NOT NULL,
    end_time      time NOT NULL CHECK (end_time <> start_time),
    position      text CHECK (position IS NULL OR length(position) BETWEEN 1 AND 100),
    headcount     smallint NOT NULL CHECK (headcount BETWEEN 1 AND 500),
    PRIMARY KEY (workplace_id, ordinal)
);
