-- Languages (issue 19): a member's own language; the workplace's default lives in its settings JSON
-- (`settings.language`, "en" when absent, so no rewrite of existing rows is needed).
--
-- NULL means "follow the workplace". The value is checked against the languages the server has a
-- catalogue for (LanguageCode.available) in the service, not here: a third language is a folder of
-- catalogue files, and must not need a migration.
ALTER TABLE users ADD COLUMN language text CHECK (language IS NULL OR length(language) BETWEEN 2 AND 16);

-- The language a delivery's text was written in (the recipient's when the row was written), so the
-- e-mail's greeting and footer and the push text match it; NULL (rows from before) is English.
ALTER TABLE notification_deliveries ADD COLUMN language text;
