CREATE TABLE `like_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`title_en` text DEFAULT '' NOT NULL,
	`title_de` text DEFAULT '' NOT NULL,
	`title_it` text DEFAULT '' NOT NULL,
	`title_fr` text DEFAULT '' NOT NULL,
	`title_es` text DEFAULT '' NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`description_de` text DEFAULT '' NOT NULL,
	`description_it` text DEFAULT '' NOT NULL,
	`description_fr` text DEFAULT '' NOT NULL,
	`description_es` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT ',' NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`taken_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`file_key` text NOT NULL,
	`thumbnail_key` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`duration_seconds` real
);
--> statement-breakpoint
CREATE INDEX `media_published_taken` ON `media` (`published`,`taken_at`,`id`);--> statement-breakpoint
CREATE INDEX `media_published_type_taken` ON `media` (`published`,`type`,`taken_at`,`id`);--> statement-breakpoint
CREATE INDEX `media_published_featured_taken` ON `media` (`published`,`featured`,`taken_at`,`id`);--> statement-breakpoint
CREATE INDEX `media_file_key` ON `media` (`file_key`);--> statement-breakpoint
CREATE INDEX `media_thumbnail_key` ON `media` (`thumbnail_key`);--> statement-breakpoint
CREATE TABLE `media_likes` (
	`media_id` text NOT NULL,
	`visitor` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`media_id`, `visitor`),
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_likes_day` ON `media_likes` (`day`);