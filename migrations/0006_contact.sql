CREATE TABLE `contact_daily_counts` (
	`day` text PRIMARY KEY NOT NULL,
	`messages` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contact_nonces` (
	`nonce` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_nonces_expires` ON `contact_nonces` (`expires_at`);