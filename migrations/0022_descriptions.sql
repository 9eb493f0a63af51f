CREATE TABLE `describe_days` (
	`day` text PRIMARY KEY NOT NULL,
	`calls` integer NOT NULL,
	`tokens_in` integer DEFAULT 0 NOT NULL,
	`tokens_out` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `describe_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`template` text NOT NULL,
	`moments` text,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`tokens_in` integer,
	`tokens_out` integer,
	`created_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `describe_jobs_state_id` ON `describe_jobs` (`state`,`id`);--> statement-breakpoint
ALTER TABLE `media` ADD `alt_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `alt_de` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `alt_it` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `alt_fr` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `alt_es` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `machine_described` text DEFAULT '[]' NOT NULL;