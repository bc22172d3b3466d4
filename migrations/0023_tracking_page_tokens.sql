-- The directory's entry for each buyer tracking page: the token and the label's owner, so /t/<token> reads the
-- label in the owner's database (worker/db/databases.ts). Written on share, deleted on switch-off.
CREATE TABLE `tracking_page_tokens` (
	`token` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- The pages shared before: while the app has one database, every label is in the directory's own.
INSERT INTO `tracking_page_tokens` (`token`, `user_id`) SELECT `page_token`, `user_id` FROM `labels` WHERE `page_token` IS NOT NULL;
