ALTER TABLE `stills` ADD `texts` text;--> statement-breakpoint
ALTER TABLE `stills` ADD `texts_by` text;