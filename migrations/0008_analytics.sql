-- Anonymous statistics (issue 12, ADR 014): daily counters and the day's salted visitor hashes.
CREATE TABLE `analytics_counts` (
	`day` text NOT NULL,
	`dimension` text NOT NULL,
	`value` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`day`, `dimension`, `value`)
);
--> statement-breakpoint
CREATE TABLE `analytics_visitors` (
	`day` text NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`day`, `visitor`)
);
