-- The directory's map of users to the D1 database holding their data (worker/db/databases.ts). Empty while the app
-- has one database: a user without a row is in the home database (DB). A row names a D1 binding of the Worker.
CREATE TABLE `user_databases` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`database` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
