ALTER TABLE `media` ADD `medium_key` text;--> statement-breakpoint
CREATE INDEX `media_medium_key` ON `media` (`medium_key`);--> statement-breakpoint
ALTER TABLE `uploads` ADD `medium_key` text;