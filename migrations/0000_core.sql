CREATE TABLE `credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`reference` text,
	`idempotency_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_idempotency_key_unique` ON `credit_ledger` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `credit_ledger_user` ON `credit_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `email_tokens_user` ON `email_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `label_files` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`r2_key` text NOT NULL,
	`name` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`pages` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `label_tags` (
	`label_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`label_id`, `tag`),
	FOREIGN KEY (`label_id`) REFERENCES `labels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `label_tags_user_tag` ON `label_tags` (`user_id`,`tag`);--> statement-breakpoint
CREATE TABLE `labels` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`courier` text NOT NULL,
	`tracking_code` text NOT NULL,
	`details_json` text DEFAULT '{}' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`tags_json` text DEFAULT '[]' NOT NULL,
	`source` text NOT NULL,
	`file_id` text,
	`file_page` integer,
	`ocr_status` text DEFAULT 'none' NOT NULL,
	`shipped_on` text NOT NULL,
	`weight_grams` integer,
	`is_next_day` integer,
	`tracking_json` text,
	`tracking_status` text,
	`tracking_error` text,
	`tracking_checked_at` integer,
	`next_tracking_at` integer,
	`last_scan_at` integer,
	`delivered_at` integer,
	`potentially_lost` integer DEFAULT false NOT NULL,
	`potentially_lost_at` integer,
	`lost_reason` text,
	`lost_email_sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`file_id`) REFERENCES `label_files`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `labels_user_tracking` ON `labels` (`user_id`,`tracking_code`);--> statement-breakpoint
CREATE INDEX `labels_user_created` ON `labels` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `labels_user_shipped` ON `labels` (`user_id`,`shipped_on`);--> statement-breakpoint
CREATE INDEX `labels_next_tracking` ON `labels` (`next_tracking_at`);--> statement-breakpoint
CREATE TABLE `mail_attachments` (
	`mail_key` text NOT NULL,
	`idx` integer NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	PRIMARY KEY(`mail_key`, `idx`),
	FOREIGN KEY (`mail_key`) REFERENCES `mail_messages`(`key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mail_messages` (
	`key` text PRIMARY KEY NOT NULL,
	`direction` text NOT NULL,
	`message_id` text,
	`in_reply_to` text,
	`references_header` text,
	`from_addr` text DEFAULT '' NOT NULL,
	`to_json` text DEFAULT '[]' NOT NULL,
	`cc_json` text DEFAULT '[]' NOT NULL,
	`reply_to` text,
	`subject` text DEFAULT '' NOT NULL,
	`date` integer,
	`last_modified` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`snippet` text DEFAULT '' NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`parse_status` text DEFAULT 'ok' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_messages_last_modified` ON `mail_messages` (`last_modified`,`key`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`family_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`rotated_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_tokens_token_hash_unique` ON `refresh_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_family` ON `refresh_tokens` (`family_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`marketing_consent` integer DEFAULT false NOT NULL,
	`developer_key_hash` text,
	`developer_key_masked` text,
	`company_name` text,
	`company_tagline` text,
	`banner_key` text,
	`banner_mime` text,
	`stripe_customer_id` text,
	`subscription_id` text,
	`subscription_status` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_credits_nonnegative" CHECK("users"."credits" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_developer_key_hash_unique` ON `users` (`developer_key_hash`);