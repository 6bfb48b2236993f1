CREATE TABLE notes (
    id bigserial PRIMARY KEY,
    person_id bigint NOT NULL REFERENCES people (id),
    body text NOT NULL CHECK (body <> '')
);

CREATE FUNCTION note_count(person bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
    SELECT count(*) FROM notes WHERE person_id = person;
$$;
