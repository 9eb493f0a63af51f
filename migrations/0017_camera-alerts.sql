-- The camera's alert mails (issue 34, ADR 022): the language the owner last used in the admin
-- (they go out in it) and which alerts the owner switched on (JSON; null: all of them).
ALTER TABLE `site_settings` ADD `owner_locale` text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `camera_alerts` text;