-- Abuse limits (issue 32, ADRs 012 and 014): messages per network a day, visitors per network a
-- day, and the networks behind each referring site.
CREATE TABLE `analytics_referrer_networks` (
	`day` text NOT NULL,
	`host` text NOT NULL,
	`bucket` integer NOT NULL,
	PRIMARY KEY(`day`, `host`, `bucket`)
);
--> statement-breakpoint
CREATE TABLE `contact_senders` (
	`day` text NOT NULL,
	`sender` text NOT NULL,
	`messages` integer NOT NULL,
	PRIMARY KEY(`day`, `sender`)
);
--> statement-breakpoint
-- The table holds only today's visitor hashes, which have no network to fill in (SQLite adds no
-- NOT NULL column without a default): it starts anew, and today's visitors count once more.
DROP TABLE `analytics_visitors`;
--> statement-breakpoint
CREATE TABLE `analytics_visitors` (
	`day` text NOT NULL,
	`visitor` text NOT NULL,
	`network` text NOT NULL,
	PRIMARY KEY(`day`, `visitor`)
);
--> statement-breakpoint
CREATE INDEX `analytics_visitors_network` ON `analytics_visitors` (`day`,`network`);
