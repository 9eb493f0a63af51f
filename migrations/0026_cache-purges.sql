CREATE TABLE `cache_purges` (
	`url` text PRIMARY KEY NOT NULL,
	`queued_at` integer NOT NULL
);
