-- Open shifts: a manager's unassignment releases a shift to the marketplace for anyone to pick up.
--
-- Shifts keep their owner (schedules and time-clock reports attribute every shift to a member):
-- the former owner covers an unassigned shift until a pick-up is approved. `unassigned` marks the
-- release so the owner cannot take it back (revoke) or trade it away in a swap; it survives a
-- rejected, cancelled or expired pick-up (the shift returns to the marketplace) and clears when
-- the shift changes owner.
ALTER TABLE shifts ADD COLUMN unassigned boolean NOT NULL DEFAULT false;
ALTER TABLE shifts ADD CONSTRAINT shifts_unassigned_is_open
    CHECK (NOT unassigned OR status IN ('supplied', 'in_deal', 'cancelled'));
