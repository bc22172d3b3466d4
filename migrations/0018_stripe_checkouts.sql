CREATE TABLE `stripe_checkouts` (
	`session_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`customer_id` text,
	`sku` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stripe_checkouts_customer` ON `stripe_checkouts` (`customer_id`);--> statement-breakpoint
CREATE INDEX `stripe_checkouts_user` ON `stripe_checkouts` (`user_id`);