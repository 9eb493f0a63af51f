CREATE TABLE `stills` (
	`id` text PRIMARY KEY NOT NULL,
	`slot` integer NOT NULL,
	`day` text NOT NULL,
	`taken_at` integer NOT NULL,
	`file_key` text NOT NULL,
	`byte_size` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`weather` text,
	`best_of` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stills_slot` ON `stills` (`slot`);--> statement-breakpoint
CREATE INDEX `stills_day_slot` ON `stills` (`day`,`slot`);--> statement-breakpoint
CREATE INDEX `stills_best_slot` ON `stills` (`best_of`,`slot`);--> statement-breakpoint
CREATE INDEX `stills_file_key` ON `stills` (`file_key`);