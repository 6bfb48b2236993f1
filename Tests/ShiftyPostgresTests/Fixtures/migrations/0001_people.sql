-- Test-only schema for ShiftyPostgresTests.
CREATE TABLE people (
    id bigserial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    born date
);

CREATE TABLE ledger (
    id bigserial PRIMARY KEY,
    amount bigint NOT NULL
);
