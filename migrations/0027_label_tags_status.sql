ALTER TABLE `label_tags` ADD `status` text;--> statement-breakpoint
CREATE INDEX `label_tags_status` ON `label_tags` (`user_id`,`tag`,`status`,`label_id`);--> statement-breakpoint
-- label_tags carries its label's parcel_status (as it carries its delivery key, 0015), kept by the triggers below, so
-- the labels list's total by status and tags counts tag rows alone. A tag row whose user is not its label's gets none.
CREATE TRIGGER `label_tags_status_tag_insert` AFTER INSERT ON `label_tags`
BEGIN
  UPDATE `label_tags` SET `status` = (SELECT l.`parcel_status` FROM `labels` l WHERE l.`id` = NEW.`label_id` AND l.`user_id` = NEW.`user_id`)
  WHERE `label_id` = NEW.`label_id` AND `tag` = NEW.`tag`;
END;
--> statement-breakpoint
CREATE TRIGGER `label_tags_status_tag_update` AFTER UPDATE OF `label_id`, `user_id` ON `label_tags`
WHEN OLD.`label_id` IS NOT NEW.`label_id` OR OLD.`user_id` IS NOT NEW.`user_id`
BEGIN
  UPDATE `label_tags` SET `status` = (SELECT l.`parcel_status` FROM `labels` l WHERE l.`id` = NEW.`label_id` AND l.`user_id` = NEW.`user_id`)
  WHERE `label_id` = NEW.`label_id` AND `tag` = NEW.`tag`;
END;
--> statement-breakpoint
-- A label written or its status changed (parcel_status is generated from these columns: worker/db/parcel-status.ts).
CREATE TRIGGER `label_tags_status_label_insert` AFTER INSERT ON `labels`
BEGIN
  UPDATE `label_tags` SET `status` = (SELECT NEW.`parcel_status` WHERE `label_tags`.`user_id` = NEW.`user_id`)
  WHERE `label_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `label_tags_status_label_update` AFTER UPDATE OF `user_id`, `delivered_at`, `tracking_status`, `outcome`, `details_json`, `last_scan_at` ON `labels`
WHEN OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`parcel_status` IS NOT NEW.`parcel_status`
BEGIN
  UPDATE `label_tags` SET `status` = (SELECT NEW.`parcel_status` WHERE `label_tags`.`user_id` = NEW.`user_id`)
  WHERE `label_id` = NEW.`id`;
END;
--> statement-breakpoint
UPDATE `label_tags` SET `status` = (SELECT l.`parcel_status` FROM `labels` l WHERE l.`id` = `label_tags`.`label_id` AND l.`user_id` = `label_tags`.`user_id`);
