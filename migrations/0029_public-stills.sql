CREATE TABLE `retired_stills` (
	`public_id` text PRIMARY KEY NOT NULL,
	`delete_after` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `retired_stills_delete_after` ON `retired_stills` (`delete_after`);--> statement-breakpoint
ALTER TABLE `site_settings` ADD `public_stills_backfill` integer;--> statement-breakpoint
ALTER TABLE `stills` ADD `public_id` text;