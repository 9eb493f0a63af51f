CREATE TABLE `retired_files` (
	`key` text PRIMARY KEY NOT NULL,
	`media_id` text NOT NULL,
	`content_type` text NOT NULL,
	`delete_after` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `retired_files_delete_after` ON `retired_files` (`delete_after`);