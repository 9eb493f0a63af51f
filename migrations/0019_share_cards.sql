ALTER TABLE `media` ADD `card_key` text;--> statement-breakpoint
CREATE INDEX `media_card_key` ON `media` (`card_key`);--> statement-breakpoint
ALTER TABLE `stills` ADD `card_key` text;--> statement-breakpoint
ALTER TABLE `uploads` ADD `card_key` text;