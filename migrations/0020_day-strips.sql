CREATE TABLE `day_strips` (
	`day` text PRIMARY KEY NOT NULL,
	`colours` text NOT NULL,
	`noon_weather` text
);
--> statement-breakpoint
ALTER TABLE `stills` ADD `colour` integer;