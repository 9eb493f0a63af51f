-- The owner's unfinished uploads (issue 9): the R2 multipart upload and the ETag of each part.
CREATE TABLE `upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`),
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`byte_size` integer NOT NULL,
	`content_type` text NOT NULL,
	`file_modified_at` integer NOT NULL,
	`part_size` integer NOT NULL,
	`object_key` text NOT NULL,
	`r2_upload_id` text NOT NULL,
	`file_key` text NOT NULL,
	`thumbnail_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `uploads_created` ON `uploads` (`created_at`);