CREATE TABLE `job_leases` (
	`key` text PRIMARY KEY NOT NULL,
	`until` integer NOT NULL
);
