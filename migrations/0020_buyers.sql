CREATE TABLE `buyer_mails` (
	`label_id` text NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`status` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`label_id`, `kind`),
	FOREIGN KEY (`label_id`) REFERENCES `labels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `buyer_mails_user_day` ON `buyer_mails` (`user_id`,`day`,`status`);--> statement-breakpoint
CREATE TABLE `buyer_unsubscribes` (
	`user_id` integer NOT NULL,
	`address_mac` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address_mac`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `labels` ADD `page_token` text;--> statement-breakpoint
ALTER TABLE `labels` ADD `page_views` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `labels` ADD `page_viewed_at` integer;--> statement-breakpoint
ALTER TABLE `labels` ADD `buyer_email` text;--> statement-breakpoint
ALTER TABLE `labels` ADD `buyer_notifications` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `labels_page_token` ON `labels` (`page_token`) WHERE "labels"."page_token" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `brand_color` text;--> statement-breakpoint
ALTER TABLE `users` ADD `buyer_mail_moments` text DEFAULT '[]' NOT NULL;