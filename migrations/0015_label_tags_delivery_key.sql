ALTER TABLE `label_tags` ADD `day` text;--> statement-breakpoint
ALTER TABLE `label_tags` ADD `courier` text;--> statement-breakpoint
ALTER TABLE `label_tags` ADD `lost` integer;--> statement-breakpoint
ALTER TABLE `label_tags` ADD `next_day` integer;--> statement-breakpoint
ALTER TABLE `label_tags` ADD `claimed` integer;--> statement-breakpoint
ALTER TABLE `label_tags` ADD `service` text;--> statement-breakpoint
ALTER TABLE `label_tags` ADD `scan_days` integer;--> statement-breakpoint
ALTER TABLE `label_tags` ADD `transit_days` integer;--> statement-breakpoint
ALTER TABLE `label_tags` ADD `on_time` integer;--> statement-breakpoint
-- label_tags carries its label's on-time analytics key (the same values label_delivery_day_stats keys on), so
-- the delivery analytics filtered on tags read label_tags_delivery alone. Kept by the triggers below; a tag row
-- whose user is not its label's gets no key (day NULL) and never counts, as in the other tag filters.
CREATE TRIGGER `label_tags_delivery_key_tag_insert` AFTER INSERT ON `label_tags`
BEGIN
  UPDATE `label_tags` SET (`day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`) = (
    SELECT l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`outcome` IS 'claimed',
           coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1), coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)
    FROM `labels` l WHERE l.`id` = NEW.`label_id` AND l.`user_id` = NEW.`user_id`)
  WHERE `label_id` = NEW.`label_id` AND `tag` = NEW.`tag`;
END;
--> statement-breakpoint
CREATE TRIGGER `label_tags_delivery_key_tag_update` AFTER UPDATE OF `label_id`, `user_id` ON `label_tags`
WHEN OLD.`label_id` IS NOT NEW.`label_id` OR OLD.`user_id` IS NOT NEW.`user_id`
BEGIN
  UPDATE `label_tags` SET (`day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`) = (
    SELECT l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`outcome` IS 'claimed',
           coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1), coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)
    FROM `labels` l WHERE l.`id` = NEW.`label_id` AND l.`user_id` = NEW.`user_id`)
  WHERE `label_id` = NEW.`label_id` AND `tag` = NEW.`tag`;
END;
--> statement-breakpoint
-- A label written or changed: its tag rows take its key (tag rows written before their label included).
CREATE TRIGGER `label_tags_delivery_key_label_insert` AFTER INSERT ON `labels`
BEGIN
  UPDATE `label_tags` SET (`day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`) = (
    SELECT NEW.`shipped_on`, NEW.`courier`, NEW.`potentially_lost`, coalesce(NEW.`is_next_day`, -1), NEW.`outcome` IS 'claimed',
           coalesce(NEW.`delivery_service`, ''), coalesce(min(NEW.`scan_days`, 10), -1), coalesce(min(NEW.`transit_days`, 10), -1), coalesce(NEW.`on_time`, -1)
    WHERE `label_tags`.`user_id` = NEW.`user_id`)
  WHERE `label_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `label_tags_delivery_key_label_update` AFTER UPDATE OF `user_id`, `shipped_on`, `courier`, `potentially_lost`, `is_next_day`, `outcome`, `delivery_service`, `scan_days`, `transit_days`, `on_time` ON `labels`
WHEN OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`shipped_on` IS NOT NEW.`shipped_on` OR OLD.`courier` IS NOT NEW.`courier`
  OR OLD.`potentially_lost` IS NOT NEW.`potentially_lost` OR OLD.`is_next_day` IS NOT NEW.`is_next_day`
  OR (OLD.`outcome` IS 'claimed') IS NOT (NEW.`outcome` IS 'claimed') OR OLD.`delivery_service` IS NOT NEW.`delivery_service`
  OR OLD.`scan_days` IS NOT NEW.`scan_days` OR OLD.`transit_days` IS NOT NEW.`transit_days` OR OLD.`on_time` IS NOT NEW.`on_time`
BEGIN
  UPDATE `label_tags` SET (`day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`) = (
    SELECT NEW.`shipped_on`, NEW.`courier`, NEW.`potentially_lost`, coalesce(NEW.`is_next_day`, -1), NEW.`outcome` IS 'claimed',
           coalesce(NEW.`delivery_service`, ''), coalesce(min(NEW.`scan_days`, 10), -1), coalesce(min(NEW.`transit_days`, 10), -1), coalesce(NEW.`on_time`, -1)
    WHERE `label_tags`.`user_id` = NEW.`user_id`)
  WHERE `label_id` = NEW.`id`;
END;
--> statement-breakpoint
-- Existing tag rows take their labels' keys.
UPDATE `label_tags` SET (`day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`) = (
  SELECT l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`outcome` IS 'claimed',
         coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1), coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)
  FROM `labels` l WHERE l.`id` = `label_tags`.`label_id` AND l.`user_id` = `label_tags`.`user_id`);
--> statement-breakpoint
-- The index last, so the backfill above does not maintain it row by row.
CREATE INDEX `label_tags_delivery` ON `label_tags` (`user_id`,`tag`,`day`,`courier`,`lost`,`next_day`,`claimed`,`service`,`scan_days`,`transit_days`,`on_time`,`label_id`);
