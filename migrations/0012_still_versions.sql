ALTER TABLE `stills` ADD `thumbnail_key` text;--> statement-breakpoint
ALTER TABLE `stills` ADD `medium_key` text;--> statement-breakpoint
CREATE INDEX `stills_thumbnail_key` ON `stills` (`thumbnail_key`);--> statement-breakpoint
CREATE INDEX `stills_medium_key` ON `stills` (`medium_key`);