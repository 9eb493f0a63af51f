-- The owner's daily budget (issue 35, ADR 025): what the Worker used each UTC day, written by
-- each isolate at most once a minute.
CREATE TABLE `usage_days` (
	`day` text PRIMARY KEY NOT NULL,
	`requests` integer NOT NULL,
	`rows_read` integer NOT NULL,
	`rows_written` integer NOT NULL,
	`object_requests` integer NOT NULL
);
