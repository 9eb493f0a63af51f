ALTER TABLE `media` ADD `film_day` text;--> statement-breakpoint
CREATE UNIQUE INDEX `media_film_day` ON `media` (`film_day`);--> statement-breakpoint
ALTER TABLE `uploads` ADD `sha256` text;