CREATE TABLE `media_views` (
	`media_id` text NOT NULL,
	`visitor` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`media_id`, `visitor`),
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_views_day` ON `media_views` (`day`);