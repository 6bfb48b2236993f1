-- Since when each week of the schedule is final (docs/week-planning.md, slice 1).
--
-- `shifts` is the published schedule: every manager change through an immediate route (create,
-- edit, assign, unassign, delete, copy-week) and every generation from fixed shifts is a
-- publication, recorded in the same transaction as the change. Trades between employees act on
-- the published schedule and are not publications.
--
-- Unlike the note's sketch, a publication may span more than 56 days: generation publishes up to
-- its `weeks` (8 by default, up to 52 through `POST /fixed-shifts/generate`) in one run. The
-- 8-week limit of a manager's publish belongs to the routes that take a range.
CREATE TABLE schedule_publications (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id  bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    first_date    date NOT NULL,
    last_date     date NOT NULL CHECK (last_date >= first_date),
    published_by  bigint REFERENCES users(id),  -- NULL: generation (the standing schedule)
    published_at  timestamptz NOT NULL,
    changes       integer NOT NULL CHECK (changes >= 0)
);
CREATE INDEX schedule_publications_workplace_idx ON schedule_publications (workplace_id, published_at);

-- The page's "Final since Fri 12 Jun, 14:02": the latest publication that touched each week.
CREATE TABLE schedule_weeks (
    workplace_id    bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    monday          date NOT NULL CHECK (extract(isodow FROM monday) = 1),
    published_at    timestamptz NOT NULL,
    publication_id  bigint NOT NULL REFERENCES schedule_publications(id) ON DELETE CASCADE,
    PRIMARY KEY (workplace_id, monday)
);
