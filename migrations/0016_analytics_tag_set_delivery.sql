-- The on-time analytics over several tags ("any of them") from the tag-set machinery of 0008: label_tag_sets
-- also holds each label's on-time key (the values label_delivery_day_stats keys on, 0013), and its triggers keep
-- label_tag_set_delivery_day_stats, label_delivery_day_stats per set. The 0008 triggers are made again below
-- with the key in their refresh (a label whose key changes goes out of its set and back in) and the label
-- update trigger also fires on the key's columns.
CREATE TABLE `label_tag_set_delivery_day_stats` (
	`user_id` integer NOT NULL,
	`tag_set` text NOT NULL,
	`day` text NOT NULL,
	`courier` text NOT NULL,
	`lost` integer NOT NULL,
	`next_day` integer NOT NULL,
	`claimed` integer NOT NULL,
	`service` text NOT NULL,
	`scan_days` integer NOT NULL,
	`transit_days` integer NOT NULL,
	`on_time` integer NOT NULL,
	`labels` integer NOT NULL,
	PRIMARY KEY(`user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
);
--> statement-breakpoint
ALTER TABLE `label_tag_sets` ADD `claimed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `label_tag_sets` ADD `service` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `label_tag_sets` ADD `scan_days` integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE `label_tag_sets` ADD `transit_days` integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE `label_tag_sets` ADD `on_time` integer DEFAULT -1 NOT NULL;
--> statement-breakpoint
-- A rollup: WITHOUT ROWID so its reads are one range search of the key (drizzle-kit cannot say it; made
-- again here, before any row exists).
DROP TABLE `label_tag_set_delivery_day_stats`;
--> statement-breakpoint
CREATE TABLE `label_tag_set_delivery_day_stats` (
	`user_id` integer NOT NULL,
	`tag_set` text NOT NULL,
	`day` text NOT NULL,
	`courier` text NOT NULL,
	`lost` integer NOT NULL,
	`next_day` integer NOT NULL,
	`claimed` integer NOT NULL,
	`service` text NOT NULL,
	`scan_days` integer NOT NULL,
	`transit_days` integer NOT NULL,
	`on_time` integer NOT NULL,
	`labels` integer NOT NULL,
	PRIMARY KEY(`user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
) WITHOUT ROWID;
--> statement-breakpoint
DROP TRIGGER `label_tag_sets_insert`;
--> statement-breakpoint
DROP TRIGGER `label_tag_sets_delete`;
--> statement-breakpoint
DROP TRIGGER `label_tag_sets_no_update`;
--> statement-breakpoint
DROP TRIGGER `label_tag_sets_tag_insert`;
--> statement-breakpoint
DROP TRIGGER `label_tag_sets_tag_delete`;
--> statement-breakpoint
DROP TRIGGER `label_tag_sets_tag_update`;
--> statement-breakpoint
DROP TRIGGER `label_tag_sets_label_insert`;
--> statement-breakpoint
DROP TRIGGER `label_tag_sets_label_update`;
--> statement-breakpoint
-- A label in: its set is listed under each of its tags, and the label added to its rollup rows.
CREATE TRIGGER `label_tag_sets_insert` AFTER INSERT ON `label_tag_sets`
BEGIN
  INSERT INTO `tag_set_tags` (`user_id`, `tag`, `tag_set`)
  SELECT NEW.`user_id`, j.`value`, NEW.`tag_set` FROM json_each(NEW.`tag_set`) j WHERE true
  ON CONFLICT DO NOTHING;
  INSERT INTO `label_tag_set_day_stats` (`user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
  VALUES (NEW.`user_id`, NEW.`tag_set`, NEW.`day`, NEW.`courier`, NEW.`lost`, NEW.`next_day`, 1,
          coalesce(NEW.`weight_grams`, 0), NEW.`weight_grams` IS NOT NULL)
  ON CONFLICT (`user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET
    `labels` = `labels` + excluded.`labels`,
    `weight_sum` = `weight_sum` + excluded.`weight_sum`,
    `weight_count` = `weight_count` + excluded.`weight_count`;
  INSERT INTO `label_tag_set_delivery_day_stats` (`user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`, `labels`)
  VALUES (NEW.`user_id`, NEW.`tag_set`, NEW.`day`, NEW.`courier`, NEW.`lost`, NEW.`next_day`, NEW.`claimed`, NEW.`service`,
          NEW.`scan_days`, NEW.`transit_days`, NEW.`on_time`, 1)
  ON CONFLICT (`user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`) DO UPDATE SET `labels` = `labels` + 1;
END;
--> statement-breakpoint
-- A label out: subtracted from its rollup rows, which go when empty.
CREATE TRIGGER `label_tag_sets_delete` AFTER DELETE ON `label_tag_sets`
BEGIN
  UPDATE `label_tag_set_day_stats` SET
    `labels` = `labels` - 1,
    `weight_sum` = `weight_sum` - coalesce(OLD.`weight_grams`, 0),
    `weight_count` = `weight_count` - (OLD.`weight_grams` IS NOT NULL)
  WHERE `user_id` = OLD.`user_id` AND `tag_set` = OLD.`tag_set` AND `day` = OLD.`day` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`lost` AND `next_day` = OLD.`next_day`;
  DELETE FROM `label_tag_set_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `tag_set` = OLD.`tag_set` AND `day` = OLD.`day` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`lost` AND `next_day` = OLD.`next_day` AND `labels` <= 0;
  UPDATE `label_tag_set_delivery_day_stats` SET `labels` = `labels` - 1
  WHERE `user_id` = OLD.`user_id` AND `tag_set` = OLD.`tag_set` AND `day` = OLD.`day` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`lost` AND `next_day` = OLD.`next_day` AND `claimed` = OLD.`claimed` AND `service` = OLD.`service`
    AND `scan_days` = OLD.`scan_days` AND `transit_days` = OLD.`transit_days` AND `on_time` = OLD.`on_time`;
  DELETE FROM `label_tag_set_delivery_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `tag_set` = OLD.`tag_set` AND `day` = OLD.`day` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`lost` AND `next_day` = OLD.`next_day` AND `claimed` = OLD.`claimed` AND `service` = OLD.`service`
    AND `scan_days` = OLD.`scan_days` AND `transit_days` = OLD.`transit_days` AND `on_time` = OLD.`on_time` AND `labels` <= 0;
END;
--> statement-breakpoint
-- A tag added: the label moves to its new set (or enters the sets).
CREATE TRIGGER `label_tag_sets_tag_insert` AFTER INSERT ON `label_tags`
BEGIN
  -- refresh: out when the row no longer matches the label and its counted tags (none left: the set is '[]')
  DELETE FROM `label_tag_sets` WHERE `label_id` = NEW.`label_id` AND NOT EXISTS (
    SELECT 1 FROM `labels` l WHERE l.`id` = NEW.`label_id`
      AND (`label_tag_sets`.`user_id`, `label_tag_sets`.`tag_set`, `label_tag_sets`.`day`, `label_tag_sets`.`courier`,
           `label_tag_sets`.`lost`, `label_tag_sets`.`next_day`, `label_tag_sets`.`weight_grams`, `label_tag_sets`.`claimed`,
           `label_tag_sets`.`service`, `label_tag_sets`.`scan_days`, `label_tag_sets`.`transit_days`, `label_tag_sets`.`on_time`)
       IS (l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
           l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
           l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
           coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)));
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
         l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
         coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)
  FROM `labels` l
  WHERE l.`id` = NEW.`label_id` AND EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`)
  ON CONFLICT (`label_id`) DO NOTHING;
END;
--> statement-breakpoint
-- A tag removed: the label moves to its smaller set (or leaves the sets). A deleted label's tags are removed
-- first, while it can still be read (label_tag_day_stats_label_delete in 0007).
CREATE TRIGGER `label_tag_sets_tag_delete` AFTER DELETE ON `label_tags`
BEGIN
  -- refresh: out when the row no longer matches the label and its counted tags (none left: the set is '[]')
  DELETE FROM `label_tag_sets` WHERE `label_id` = OLD.`label_id` AND NOT EXISTS (
    SELECT 1 FROM `labels` l WHERE l.`id` = OLD.`label_id`
      AND (`label_tag_sets`.`user_id`, `label_tag_sets`.`tag_set`, `label_tag_sets`.`day`, `label_tag_sets`.`courier`,
           `label_tag_sets`.`lost`, `label_tag_sets`.`next_day`, `label_tag_sets`.`weight_grams`, `label_tag_sets`.`claimed`,
           `label_tag_sets`.`service`, `label_tag_sets`.`scan_days`, `label_tag_sets`.`transit_days`, `label_tag_sets`.`on_time`)
       IS (l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
           l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
           l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
           coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)));
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
         l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
         coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)
  FROM `labels` l
  WHERE l.`id` = OLD.`label_id` AND EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`)
  ON CONFLICT (`label_id`) DO NOTHING;
END;
--> statement-breakpoint
-- label_tags rows are replaced, never updated, by the app; refreshed anyway so nothing can drift.
CREATE TRIGGER `label_tag_sets_tag_update` AFTER UPDATE OF `label_id`, `user_id`, `tag` ON `label_tags`
WHEN OLD.`label_id` IS NOT NEW.`label_id` OR OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`tag` IS NOT NEW.`tag`
BEGIN
  -- refresh: out when the row no longer matches the label and its counted tags (none left: the set is '[]')
  DELETE FROM `label_tag_sets` WHERE `label_id` = OLD.`label_id` AND NOT EXISTS (
    SELECT 1 FROM `labels` l WHERE l.`id` = OLD.`label_id`
      AND (`label_tag_sets`.`user_id`, `label_tag_sets`.`tag_set`, `label_tag_sets`.`day`, `label_tag_sets`.`courier`,
           `label_tag_sets`.`lost`, `label_tag_sets`.`next_day`, `label_tag_sets`.`weight_grams`, `label_tag_sets`.`claimed`,
           `label_tag_sets`.`service`, `label_tag_sets`.`scan_days`, `label_tag_sets`.`transit_days`, `label_tag_sets`.`on_time`)
       IS (l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
           l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
           l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
           coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)));
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
         l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
         coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)
  FROM `labels` l
  WHERE l.`id` = OLD.`label_id` AND EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`)
  ON CONFLICT (`label_id`) DO NOTHING;
  -- refresh: out when the row no longer matches the label and its counted tags (none left: the set is '[]')
  DELETE FROM `label_tag_sets` WHERE `label_id` = NEW.`label_id` AND NOT EXISTS (
    SELECT 1 FROM `labels` l WHERE l.`id` = NEW.`label_id`
      AND (`label_tag_sets`.`user_id`, `label_tag_sets`.`tag_set`, `label_tag_sets`.`day`, `label_tag_sets`.`courier`,
           `label_tag_sets`.`lost`, `label_tag_sets`.`next_day`, `label_tag_sets`.`weight_grams`, `label_tag_sets`.`claimed`,
           `label_tag_sets`.`service`, `label_tag_sets`.`scan_days`, `label_tag_sets`.`transit_days`, `label_tag_sets`.`on_time`)
       IS (l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
           l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
           l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
           coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)));
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
         l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
         coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)
  FROM `labels` l
  WHERE l.`id` = NEW.`label_id` AND EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`)
  ON CONFLICT (`label_id`) DO NOTHING;
END;
--> statement-breakpoint
-- A new label: tag rows written before it (no foreign-key check) put it in its set now. Usually none.
CREATE TRIGGER `label_tag_sets_label_insert` AFTER INSERT ON `labels`
BEGIN
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
         l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
         coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)
  FROM `labels` l
  WHERE l.`id` = NEW.`id` AND EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`)
  ON CONFLICT (`label_id`) DO NOTHING;
END;
--> statement-breakpoint
-- A label whose counted columns or on-time key change moves within the rollups (its row is refreshed).
CREATE TRIGGER `label_tag_sets_label_update` AFTER UPDATE OF `id`, `user_id`, `shipped_on`, `courier`, `potentially_lost`, `is_next_day`, `weight_grams`,
  `outcome`, `delivery_service`, `scan_days`, `transit_days`, `on_time` ON `labels`
WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`shipped_on` IS NOT NEW.`shipped_on`
  OR OLD.`courier` IS NOT NEW.`courier` OR OLD.`potentially_lost` IS NOT NEW.`potentially_lost`
  OR OLD.`is_next_day` IS NOT NEW.`is_next_day` OR OLD.`weight_grams` IS NOT NEW.`weight_grams`
  OR (OLD.`outcome` IS 'claimed') IS NOT (NEW.`outcome` IS 'claimed') OR OLD.`delivery_service` IS NOT NEW.`delivery_service`
  OR OLD.`scan_days` IS NOT NEW.`scan_days` OR OLD.`transit_days` IS NOT NEW.`transit_days` OR OLD.`on_time` IS NOT NEW.`on_time`
BEGIN
  DELETE FROM `label_tag_sets` WHERE `label_id` = OLD.`id` AND OLD.`id` IS NOT NEW.`id`;
  -- refresh: out when the row no longer matches the label and its counted tags (none left: the set is '[]')
  DELETE FROM `label_tag_sets` WHERE `label_id` = NEW.`id` AND NOT EXISTS (
    SELECT 1 FROM `labels` l WHERE l.`id` = NEW.`id`
      AND (`label_tag_sets`.`user_id`, `label_tag_sets`.`tag_set`, `label_tag_sets`.`day`, `label_tag_sets`.`courier`,
           `label_tag_sets`.`lost`, `label_tag_sets`.`next_day`, `label_tag_sets`.`weight_grams`, `label_tag_sets`.`claimed`,
           `label_tag_sets`.`service`, `label_tag_sets`.`scan_days`, `label_tag_sets`.`transit_days`, `label_tag_sets`.`on_time`)
       IS (l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
           l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
           l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
           coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)));
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`,
         l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
         coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)
  FROM `labels` l
  WHERE l.`id` = NEW.`id` AND EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`)
  ON CONFLICT (`label_id`) DO NOTHING;
END;
--> statement-breakpoint
-- Existing rows take their labels' keys (with no_update dropped above; the rollup is filled from them next).
UPDATE `label_tag_sets` SET (`claimed`, `service`, `scan_days`, `transit_days`, `on_time`) = (
  SELECT l.`outcome` IS 'claimed', coalesce(l.`delivery_service`, ''), coalesce(min(l.`scan_days`, 10), -1),
         coalesce(min(l.`transit_days`, 10), -1), coalesce(l.`on_time`, -1)
  FROM `labels` l WHERE l.`id` = `label_tag_sets`.`label_id`);
--> statement-breakpoint
INSERT INTO `label_tag_set_delivery_day_stats` (`user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`, `labels`)
SELECT `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`, count(*) FROM `label_tag_sets`
GROUP BY `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`;
--> statement-breakpoint
-- Rows of label_tag_sets are deleted and inserted, never updated (the refresh); refused so nothing can drift.
CREATE TRIGGER `label_tag_sets_no_update` BEFORE UPDATE ON `label_tag_sets`
BEGIN
  SELECT RAISE(ABORT, 'label_tag_sets rows are replaced, not updated');
END;
