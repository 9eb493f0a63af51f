ALTER TABLE `stills` ADD `large_key` text;--> statement-breakpoint
ALTER TABLE `stills` ADD `tiles_key` text;--> statement-breakpoint
ALTER TABLE `stills` ADD `zoom` text;