CREATE TABLE `weather_readings` (
	`source` text PRIMARY KEY NOT NULL,
	`provider` text,
	`data` text,
	`measured_at` integer,
	`fetched_at` integer,
	`attempted_at` integer NOT NULL
);
