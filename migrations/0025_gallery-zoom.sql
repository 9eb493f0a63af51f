ALTER TABLE `media` ADD `tiles_key` text;--> statement-breakpoint
ALTER TABLE `media` ADD `zoom` text;--> statement-breakpoint
CREATE INDEX `media_tiles_key` ON `media` (`tiles_key`);--> statement-breakpoint
ALTER TABLE `uploads` ADD `tiles_key` text;