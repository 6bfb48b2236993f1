-- Timesheets payroll can trust: employment terms per member, punched breaks, PIN-only kiosks
-- (PINs unique per workplace), per-kiosk network restriction, and approved (locked) periods.

-- Employment terms. The start defaults to the day the account was made (in the workplace's
-- time zone); the end is set when a member is deactivated (and cleared when reactivated),
-- both editable by a manager. works_fixed_quota = the seed's "every quota day is a working day";
-- off by default: a member is expected on the days they are scheduled.
ALTER TABLE users
    ADD COLUMN employment_start date,
    ADD COLUMN employment_end date,
    ADD COLUMN contract_minutes_per_week integer CHECK (contract_minutes_per_week BETWEEN 0 AND 7 * 24 * 60),
    ADD COLUMN works_fixed_quota boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT users_employment_order CHECK (employment_end IS NULL OR employment_start IS NULL OR employment_end >= employment_start);

UPDATE users u SET employment_start = (u.created_at AT TIME ZONE w.time_zone)::date
FROM workplaces w WHERE w.id = u.workplace_id;
UPDATE users SET employment_end = (now() AT TIME ZONE w.time_zone)::date
FROM workplaces w WHERE w.id = users.workplace_id AND NOT users.active;

CREATE FUNCTION users_employment_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    today date;
BEGIN
    SELECT (now() AT TIME ZONE w.time_zone)::date INTO today FROM workplaces w WHERE w.id = NEW.workplace_id;
    IF TG_OP = 'INSERT' THEN
        IF NEW.employment_start IS NULL THEN NEW.employment_start := today; END IF;
    ELSIF OLD.active AND NOT NEW.active AND NEW.employment_end IS NULL THEN
        NEW.employment_end := greatest(today, NEW.employment_start);
    ELSIF NOT OLD.active AND NEW.active AND NEW.employment_end IS NOT DISTINCT FROM OLD.employment_end THEN
        NEW.employment_end := NULL;
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER users_employment_defaults BEFORE INSERT OR UPDATE OF active ON users
    FOR EACH ROW EXECUTE FUNCTION users_employment_defaults();

-- Punched breaks.
ALTER TABLE punches DROP CONSTRAINT punches_kind_check;
ALTER TABLE punches ADD CONSTRAINT punches_kind_check CHECK (kind IN ('in', 'out', 'break_start', 'break_end'));
ALTER TABLE punch_edits DROP CONSTRAINT punch_edits_before_kind_check;
ALTER TABLE punch_edits ADD CONSTRAINT punch_edits_before_kind_check CHECK (before_kind IN ('in', 'out', 'break_start', 'break_end'));
ALTER TABLE punch_edits DROP CONSTRAINT punch_edits_after_kind_check;
ALTER TABLE punch_edits ADD CONSTRAINT punch_edits_after_kind_check CHECK (after_kind IN ('in', 'out', 'break_start', 'break_end'));

-- PIN-only check-in: a keyed SHA-256 of the PIN finds the member, and makes a PIN unique within
-- its workplace. PINs set before this migration have no lookup: they keep working with a
-- username until a manager sets them again.
ALTER TABLE user_pins ADD COLUMN pin_lookup text;
CREATE UNIQUE INDEX user_pins_lookup_idx ON user_pins (workplace_id, pin_lookup);

-- Per-kiosk network restriction: empty = any address.
ALTER TABLE kiosks ADD COLUMN allowed_networks inet[] NOT NULL DEFAULT '{}';

-- An approved timesheet period of one member. While unlocked_at is NULL the period is locked:
-- punch edits in it are refused. Approval and unlock (who, when, why) stay on the row, so
-- the table is its own audit trail; a new approval after an unlock is a new row.
CREATE TABLE timesheet_approvals (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workplace_id   bigint NOT NULL REFERENCES workplaces(id) ON DELETE CASCADE,
    user_id        bigint NOT NULL,
    first_date     date NOT NULL,
    last_date      date NOT NULL CHECK (last_date >= first_date AND last_date - first_date <= 31),
    approved_by    bigint NOT NULL REFERENCES users(id),
    approved_at    timestamptz NOT NULL DEFAULT now(),
    unlocked_by    bigint REFERENCES users(id),
    unlocked_at    timestamptz,
    unlock_reason  text CHECK (unlock_reason IS NULL OR length(unlock_reason) BETWEEN 1 AND 500),
    FOREIGN KEY (workplace_id, user_id) REFERENCES users (workplace_id, id) ON DELETE CASCADE
);
CREATE INDEX timesheet_approvals_user_idx ON timesheet_approvals (user_id, first_date);
CREATE INDEX timesheet_approvals_workplace_idx ON timesheet_approvals (workplace_id, first_date);
