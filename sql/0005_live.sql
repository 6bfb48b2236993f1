-- Live push: what the event retention job removed, so a client resuming from an older id is told to
-- resync instead of silently missing events.
CREATE TABLE event_retention (
    workplace_id      bigint PRIMARY KEY REFERENCES workplaces(id) ON DELETE CASCADE,
    -- Every event of the workplace with an id at or below this may have been deleted.
    pruned_through_id bigint NOT NULL
);

-- The retention job deletes by age.
CREATE INDEX events_created_at_idx ON events (created_at);
