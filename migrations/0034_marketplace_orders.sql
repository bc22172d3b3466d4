CREATE TABLE `marketplace_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`connection_id` text NOT NULL,
	`marketplace` text NOT NULL,
	`external_id` text NOT NULL,
	`reference` text NOT NULL,
	`recipient_name` text NOT NULL,
	`recipient_postcode` text NOT NULL,
	`address_json` text NOT NULL,
	`buyer_ref` text,
	`items_json` text NOT NULL,
	`ordered_at` integer NOT NULL,
	`dispatch_by` integer,
	`status` text NOT NULL,
	`changed_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marketplace_orders_external` ON `marketplace_orders` (`connection_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `marketplace_orders_user_status` ON `marketplace_orders` (`user_id`,`status`,`dispatch_by`);--> statement-breakpoint
ALTER TABLE `marketplace_connections` ADD `synced_through` integer;--> statement-breakpoint
ALTER TABLE `marketplace_connections` ADD `last_sync_at` integer;