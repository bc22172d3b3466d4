CREATE TABLE `r2_deletions` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `r2_deletions_user` ON `r2_deletions` (`user_id`);--> statement-breakpoint
CREATE INDEX `labels_file` ON `labels` (`file_id`) WHERE "labels"."file_id" IS NOT NULL;--> statement-breakpoint
-- An original no label points at any more (a re-upload pointed its last label at a newer file, even while another
-- upload of the same file was saving) is released in the same transaction: its row goes and its R2 object is queued
-- for deletion. The trigger sees the label's real previous file, which the saving request's earlier read may not.
CREATE TRIGGER `labels_file_released` AFTER UPDATE OF `file_id` ON `labels`
WHEN OLD.`file_id` IS NOT NULL AND OLD.`file_id` IS NOT NEW.`file_id`
  AND NOT EXISTS (SELECT 1 FROM `labels` l WHERE l.`file_id` = OLD.`file_id`)
BEGIN
  INSERT OR IGNORE INTO `r2_deletions` (`key`, `user_id`) SELECT `r2_key`, `user_id` FROM `label_files` WHERE `id` = OLD.`file_id`;
  DELETE FROM `label_files` WHERE `id` = OLD.`file_id`;
END;
--> statement-breakpoint
-- Originals already left without a label by earlier re-uploads.
INSERT OR IGNORE INTO `r2_deletions` (`key`, `user_id`)
SELECT f.`r2_key`, f.`user_id` FROM `label_files` f WHERE NOT EXISTS (SELECT 1 FROM `labels` l WHERE l.`file_id` = f.`id`);
--> statement-breakpoint
DELETE FROM `label_files` WHERE NOT EXISTS (SELECT 1 FROM `labels` l WHERE l.`file_id` = `label_files`.`id`);
