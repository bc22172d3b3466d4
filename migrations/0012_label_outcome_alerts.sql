CREATE TABLE `label_alerts` (
	`label_id` text NOT NULL,
	`kind` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`label_id`, `kind`),
	FOREIGN KEY (`label_id`) REFERENCES `labels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `labels` ADD `outcome` text;--> statement-breakpoint
ALTER TABLE `labels` ADD `outcome_at` integer;--> statement-breakpoint
ALTER TABLE `labels` ADD `alert_due_at` integer DEFAULT 0;--> statement-breakpoint
CREATE INDEX `labels_alert_due` ON `labels` (`alert_due_at`);--> statement-breakpoint
-- Existing labels: only those that may still need an alert are looked at (delivered, finished or too old for any claim window: never).
UPDATE `labels` SET `alert_due_at` = NULL WHERE `delivered_at` IS NOT NULL OR `tracking_status` IN ('delivered', 'collected', 'returned') OR `created_at` < (unixepoch('subsec') * 1000) - 100 * 86400000;
