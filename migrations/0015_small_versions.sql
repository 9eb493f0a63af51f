ALTER TABLE `media` ADD `small_key` text;--> statement-breakpoint
CREATE INDEX `media_small_key` ON `media` (`small_key`);--> statement-breakpoint
ALTER TABLE `stills` ADD `small_key` text;--> statement-breakpoint
CREATE INDEX `stills_small_key` ON `stills` (`small_key`);--> statement-breakpoint
ALTER TABLE `uploads` ADD `small_key` text;