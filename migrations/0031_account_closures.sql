-- Closing an account (worker/privacy/account-closure.ts): users.closed_at makes it unusable at once, account_closures
-- drives the queue that removes its data, closed_unsubscribes keeps its buyers unsubscribed under a hash of its e-mail.
CREATE TABLE `account_closures` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`database` text NOT NULL,
	`by_admin` integer NOT NULL,
	`mail_address` text,
	`seller_mac` text NOT NULL,
	`started_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `closed_unsubscribes` (
	`seller_mac` text NOT NULL,
	`old_user_id` integer NOT NULL,
	`address_mac` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`seller_mac`, `old_user_id`, `address_mac`)
);
--> statement-breakpoint
ALTER TABLE `users` ADD `closed_at` integer;