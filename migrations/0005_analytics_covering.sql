DROP INDEX `labels_analytics`;--> statement-breakpoint
CREATE INDEX `labels_analytics` ON `labels` (`user_id`,`shipped_on`,`courier`,`potentially_lost`,`is_next_day`,`weight_grams`,`id`);--> statement-breakpoint
-- label_day_stats again, WITHOUT ROWID: its rows then live in the primary-key b-tree, so the
-- analytics reads are one range search of the key with no second lookup. Triggers and rows are
-- rebuilt from labels (the triggers must go first: they name the table).
DROP TRIGGER `label_day_stats_insert`;--> statement-breakpoint
DROP TRIGGER `label_day_stats_delete`;--> statement-breakpoint
DROP TRIGGER `label_day_stats_update`;--> statement-breakpoint
DROP TABLE `label_day_stats`;--> statement-breakpoint
CREATE TABLE `label_day_stats` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`courier` text NOT NULL,
	`lost` integer NOT NULL,
	`next_day` integer NOT NULL,
	`labels` integer NOT NULL,
	`weight_sum` integer NOT NULL,
	`weight_count` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `courier`, `lost`, `next_day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `label_day_stats_insert` AFTER INSERT ON `labels`
BEGIN
  INSERT INTO `label_day_stats` (`user_id`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
  VALUES (NEW.`user_id`, NEW.`shipped_on`, NEW.`courier`, NEW.`potentially_lost`, coalesce(NEW.`is_next_day`, -1), 1,
          coalesce(NEW.`weight_grams`, 0), NEW.`weight_grams` IS NOT NULL)
  ON CONFLICT (`user_id`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET
    `labels` = `labels` + excluded.`labels`,
    `weight_sum` = `weight_sum` + excluded.`weight_sum`,
    `weight_count` = `weight_count` + excluded.`weight_count`;
END;
--> statement-breakpoint
CREATE TRIGGER `label_day_stats_delete` AFTER DELETE ON `labels`
BEGIN
  UPDATE `label_day_stats` SET
    `labels` = `labels` - 1,
    `weight_sum` = `weight_sum` - coalesce(OLD.`weight_grams`, 0),
    `weight_count` = `weight_count` - (OLD.`weight_grams` IS NOT NULL)
  WHERE `user_id` = OLD.`user_id` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`potentially_lost` AND `next_day` = coalesce(OLD.`is_next_day`, -1);
  DELETE FROM `label_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`potentially_lost` AND `next_day` = coalesce(OLD.`is_next_day`, -1) AND `labels` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `label_day_stats_update` AFTER UPDATE OF `user_id`, `shipped_on`, `courier`, `potentially_lost`, `is_next_day`, `weight_grams` ON `labels`
WHEN OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`shipped_on` IS NOT NEW.`shipped_on` OR OLD.`courier` IS NOT NEW.`courier`
  OR OLD.`potentially_lost` IS NOT NEW.`potentially_lost` OR OLD.`is_next_day` IS NOT NEW.`is_next_day`
  OR OLD.`weight_grams` IS NOT NEW.`weight_grams`
BEGIN
  UPDATE `label_day_stats` SET
    `labels` = `labels` - 1,
    `weight_sum` = `weight_sum` - coalesce(OLD.`weight_grams`, 0),
    `weight_count` = `weight_count` - (OLD.`weight_grams` IS NOT NULL)
  WHERE `user_id` = OLD.`user_id` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`potentially_lost` AND `next_day` = coalesce(OLD.`is_next_day`, -1);
  DELETE FROM `label_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`potentially_lost` AND `next_day` = coalesce(OLD.`is_next_day`, -1) AND `labels` <= 0;
  INSERT INTO `label_day_stats` (`user_id`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
  VALUES (NEW.`user_id`, NEW.`shipped_on`, NEW.`courier`, NEW.`potentially_lost`, coalesce(NEW.`is_next_day`, -1), 1,
          coalesce(NEW.`weight_grams`, 0), NEW.`weight_grams` IS NOT NULL)
  ON CONFLICT (`user_id`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET
    `labels` = `labels` + excluded.`labels`,
    `weight_sum` = `weight_sum` + excluded.`weight_sum`,
    `weight_count` = `weight_count` + excluded.`weight_count`;
END;
--> statement-breakpoint
INSERT INTO `label_day_stats` (`user_id`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
SELECT `user_id`, `shipped_on`, `courier`, `potentially_lost`, coalesce(`is_next_day`, -1), count(*),
       coalesce(sum(`weight_grams`), 0), count(`weight_grams`)
FROM `labels`
GROUP BY 1, 2, 3, 4, 5;
