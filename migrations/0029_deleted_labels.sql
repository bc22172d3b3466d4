-- Recently deleted labels (worker/labels/trash.ts) and the queue jobs that delete, restore or purge many at once
-- (worker/privacy/label-jobs.ts). A deleted label leaves `labels` whole into `deleted_labels`, so the triggers of
-- 0003-0027 take it out of every rollup, the search index and the tag sets, and put it back on restore.
CREATE TABLE `deleted_labels` (
	`label_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`tracking_code` text NOT NULL,
	`courier` text NOT NULL,
	`file_id` text,
	`deleted_at` integer NOT NULL,
	`purge_at` integer NOT NULL,
	`label_json` text NOT NULL,
	`alerts_json` text DEFAULT '[]' NOT NULL,
	`buyer_mails_json` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`file_id`) REFERENCES `label_files`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `deleted_labels_user_deleted` ON `deleted_labels` (`user_id`,`deleted_at`);--> statement-breakpoint
CREATE INDEX `deleted_labels_user_code` ON `deleted_labels` (`user_id`,`tracking_code`);--> statement-breakpoint
CREATE INDEX `deleted_labels_purge` ON `deleted_labels` (`purge_at`);--> statement-breakpoint
CREATE INDEX `deleted_labels_file` ON `deleted_labels` (`file_id`);--> statement-breakpoint
CREATE TABLE `label_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`selection_json` text NOT NULL,
	`as_of` integer NOT NULL,
	`total` integer NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`cursor` text,
	`status` text DEFAULT 'running' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `label_jobs_user` ON `label_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `credit_ledger_user_reference` ON `credit_ledger` (`user_id`,`reference`);--> statement-breakpoint
-- An original is released (0028) only when no label uses it, live or recently deleted: a deleted label's file stays
-- for its restore until the purge (worker/privacy/label-deletion.ts) removes it with the last label using it.
DROP TRIGGER `labels_file_released`;
--> statement-breakpoint
CREATE TRIGGER `labels_file_released` AFTER UPDATE OF `file_id` ON `labels`
WHEN OLD.`file_id` IS NOT NULL AND OLD.`file_id` IS NOT NEW.`file_id`
  AND NOT EXISTS (SELECT 1 FROM `labels` l WHERE l.`file_id` = OLD.`file_id`)
  AND NOT EXISTS (SELECT 1 FROM `deleted_labels` d WHERE d.`file_id` = OLD.`file_id`)
BEGIN
  INSERT OR IGNORE INTO `r2_deletions` (`key`, `user_id`) SELECT `r2_key`, `user_id` FROM `label_files` WHERE `id` = OLD.`file_id`;
  DELETE FROM `label_files` WHERE `id` = OLD.`file_id`;
END;
