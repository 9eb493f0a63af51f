CREATE TABLE `day_picks` (
	`day` text PRIMARY KEY NOT NULL,
	`sunset_id` text,
	`sunset_by` text,
	`sunset_score` real,
	`best_id` text,
	`best_by` text,
	`best_score` real
);
--> statement-breakpoint
CREATE INDEX `day_picks_sunset_id` ON `day_picks` (`sunset_id`);--> statement-breakpoint
CREATE INDEX `day_picks_best_id` ON `day_picks` (`best_id`);