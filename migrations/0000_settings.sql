CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`maintenance` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK("site_settings"."id" = 1)
);
--> statement-breakpoint
-- The one settings row: the site starts live, not in maintenance.
INSERT INTO `site_settings` (`id`, `maintenance`, `updated_at`) VALUES (1, 0, unixepoch() * 1000);
