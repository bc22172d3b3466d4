CREATE TABLE `marketplace_connect_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`marketplace` text NOT NULL,
	`verifier` text,
	`shop` text,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `marketplace_connect_states_user` ON `marketplace_connect_states` (`user_id`);--> statement-breakpoint
CREATE TABLE `marketplace_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`marketplace` text NOT NULL,
	`shop_id` text NOT NULL,
	`shop_name` text NOT NULL,
	`access_token` text NOT NULL,
	`access_expires_at` integer,
	`refresh_token` text,
	`refresh_expires_at` integer,
	`scope` text NOT NULL,
	`status` text DEFAULT 'connected' NOT NULL,
	`problem` text,
	`refresh_lease_until` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marketplace_connections_shop` ON `marketplace_connections` (`user_id`,`marketplace`,`shop_id`);