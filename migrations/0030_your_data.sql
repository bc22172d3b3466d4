CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`as_of` integer NOT NULL,
	`r2_key` text NOT NULL,
	`progress_json` text DEFAULT '{}' NOT NULL,
	`state_json` text,
	`size` integer,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ready_at` integer,
	`expires_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `data_exports_user` ON `data_exports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `data_exports_expires` ON `data_exports` (`expires_at`);--> statement-breakpoint
CREATE TABLE `retention_passes` (
	`rule` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`cursor_json` text,
	`done` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `labels` ADD `contact_removed_at` integer;--> statement-breakpoint
ALTER TABLE `labels` ADD `address_redacted_at` integer;--> statement-breakpoint
CREATE INDEX `labels_contact_pending` ON `labels` (`created_at`) WHERE "labels"."contact_removed_at" IS NULL OR "labels"."buyer_email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `labels_address_pending` ON `labels` (`user_id`,`created_at`) WHERE "labels"."address_redacted_at" IS NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `address_retention_days` integer;--> statement-breakpoint
CREATE INDEX `label_files_user` ON `label_files` (`user_id`,`id`);