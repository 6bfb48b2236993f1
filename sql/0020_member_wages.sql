-- Labour cost (docs/week-planning.md, "Wages, budget and overtime"). Hourly wages per member,
-- effective from a date: the latest row on or before a date applies, so a raise next month is
-- entered today and last month's plan keeps costing at last month's wage. Managers alone read and
-- write them (GET/PUT /users/{id}/wages); no member route, event or notification carries one.
CREATE TABLE member_wages (
    workplace_id    bigint NOT NULL,
    user_id         bigint NOT NULL,
    effective_from  date NOT NULL,
    hourly_cents    integer NOT NULL CHECK (hourly_cents BETWEEN 0 AND 1000000),
    set_by          bigint NOT NULL REFERENCES users(id),
    set_at          timestamptz NOT NULL,
    PRIMARY KEY (user_id, effective_from),
    FOREIGN KEY (workplace_id, user_id) REFERENCES users (workplace_id, id) ON DELETE CASCADE
);

-- The currency wages are in (ISO 4217) and the week's labour budget in its cents (NULL: none).
-- Columns of their own rather than keys of workplaces.settings: the settings object is shown to
-- every member at login, the budget to managers only (GET/PUT /plan/budget).
ALTER TABLE workplaces
    ADD COLUMN labour_currency text NOT NULL DEFAULT 'EUR' CHECK (labour_currency ~ '^[A-Z]{3}$'),
    ADD COLUMN weekly_labour_budget_cents bigint CHECK (weekly_labour_budget_cents BETWEEN 0 AND 100000000000);
