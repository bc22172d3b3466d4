CREATE TABLE `label_delivery_day_stats` (
	`user_id` integer NOT NULL,
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
	PRIMARY KEY(`user_id`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
);
--> statement-breakpoint
ALTER TABLE `labels` ADD `first_scan_at` integer;--> statement-breakpoint
ALTER TABLE `labels` ADD `scan_days` integer;--> statement-breakpoint
ALTER TABLE `labels` ADD `transit_days` integer;--> statement-breakpoint
ALTER TABLE `labels` ADD `on_time` integer;--> statement-breakpoint
ALTER TABLE `labels` ADD `delivery_service` text;--> statement-breakpoint
-- label_delivery_day_stats is a rollup: WITHOUT ROWID so its reads are one range search of the key.
-- drizzle-kit cannot say WITHOUT ROWID: the table is made again here, before any row exists.
DROP TABLE `label_delivery_day_stats`;--> statement-breakpoint
CREATE TABLE `label_delivery_day_stats` (
	`user_id` integer NOT NULL,
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
	PRIMARY KEY(`user_id`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
) WITHOUT ROWID;
--> statement-breakpoint
-- Each label counts once under its key: unknown next-day -1, claimed when its outcome is 'claimed', unknown
-- service '', working days capped at 10 and -1 while not known, on time -1 until delivered.
CREATE TRIGGER `label_delivery_day_stats_insert` AFTER INSERT ON `labels`
BEGIN
  INSERT INTO `label_delivery_day_stats` (`user_id`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`, `labels`)
  VALUES (NEW.`user_id`, NEW.`shipped_on`, NEW.`courier`, NEW.`potentially_lost`, coalesce(NEW.`is_next_day`, -1),
          NEW.`outcome` IS 'claimed', coalesce(NEW.`delivery_service`, ''), coalesce(min(NEW.`scan_days`, 10), -1),
          coalesce(min(NEW.`transit_days`, 10), -1), coalesce(NEW.`on_time`, -1), 1)
  ON CONFLICT (`user_id`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
  DO UPDATE SET `labels` = `labels` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `label_delivery_day_stats_delete` AFTER DELETE ON `labels`
BEGIN
  UPDATE `label_delivery_day_stats` SET `labels` = `labels` - 1
  WHERE `user_id` = OLD.`user_id` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier` AND `lost` = OLD.`potentially_lost`
    AND `next_day` = coalesce(OLD.`is_next_day`, -1) AND `claimed` = (OLD.`outcome` IS 'claimed')
    AND `service` = coalesce(OLD.`delivery_service`, '') AND `scan_days` = coalesce(min(OLD.`scan_days`, 10), -1)
    AND `transit_days` = coalesce(min(OLD.`transit_days`, 10), -1) AND `on_time` = coalesce(OLD.`on_time`, -1);
  DELETE FROM `label_delivery_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier` AND `lost` = OLD.`potentially_lost`
    AND `next_day` = coalesce(OLD.`is_next_day`, -1) AND `claimed` = (OLD.`outcome` IS 'claimed')
    AND `service` = coalesce(OLD.`delivery_service`, '') AND `scan_days` = coalesce(min(OLD.`scan_days`, 10), -1)
    AND `transit_days` = coalesce(min(OLD.`transit_days`, 10), -1) AND `on_time` = coalesce(OLD.`on_time`, -1) AND `labels` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `label_delivery_day_stats_update` AFTER UPDATE OF `user_id`, `shipped_on`, `courier`, `potentially_lost`, `is_next_day`, `outcome`, `delivery_service`, `scan_days`, `transit_days`, `on_time` ON `labels`
WHEN OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`shipped_on` IS NOT NEW.`shipped_on` OR OLD.`courier` IS NOT NEW.`courier`
  OR OLD.`potentially_lost` IS NOT NEW.`potentially_lost` OR OLD.`is_next_day` IS NOT NEW.`is_next_day`
  OR (OLD.`outcome` IS 'claimed') IS NOT (NEW.`outcome` IS 'claimed') OR OLD.`delivery_service` IS NOT NEW.`delivery_service`
  OR OLD.`scan_days` IS NOT NEW.`scan_days` OR OLD.`transit_days` IS NOT NEW.`transit_days` OR OLD.`on_time` IS NOT NEW.`on_time`
BEGIN
  UPDATE `label_delivery_day_stats` SET `labels` = `labels` - 1
  WHERE `user_id` = OLD.`user_id` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier` AND `lost` = OLD.`potentially_lost`
    AND `next_day` = coalesce(OLD.`is_next_day`, -1) AND `claimed` = (OLD.`outcome` IS 'claimed')
    AND `service` = coalesce(OLD.`delivery_service`, '') AND `scan_days` = coalesce(min(OLD.`scan_days`, 10), -1)
    AND `transit_days` = coalesce(min(OLD.`transit_days`, 10), -1) AND `on_time` = coalesce(OLD.`on_time`, -1);
  DELETE FROM `label_delivery_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier` AND `lost` = OLD.`potentially_lost`
    AND `next_day` = coalesce(OLD.`is_next_day`, -1) AND `claimed` = (OLD.`outcome` IS 'claimed')
    AND `service` = coalesce(OLD.`delivery_service`, '') AND `scan_days` = coalesce(min(OLD.`scan_days`, 10), -1)
    AND `transit_days` = coalesce(min(OLD.`transit_days`, 10), -1) AND `on_time` = coalesce(OLD.`on_time`, -1) AND `labels` <= 0;
  INSERT INTO `label_delivery_day_stats` (`user_id`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`, `labels`)
  VALUES (NEW.`user_id`, NEW.`shipped_on`, NEW.`courier`, NEW.`potentially_lost`, coalesce(NEW.`is_next_day`, -1),
          NEW.`outcome` IS 'claimed', coalesce(NEW.`delivery_service`, ''), coalesce(min(NEW.`scan_days`, 10), -1),
          coalesce(min(NEW.`transit_days`, 10), -1), coalesce(NEW.`on_time`, -1), 1)
  ON CONFLICT (`user_id`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`)
  DO UPDATE SET `labels` = `labels` + 1;
END;
--> statement-breakpoint
-- Existing labels count at once (lost, claimed); their delivery facts need working days, which SQL here
-- does not know: they are filled the next time their tracking is saved, or by the cron's backfill pass.
INSERT INTO `label_delivery_day_stats` (`user_id`, `day`, `courier`, `lost`, `next_day`, `claimed`, `service`, `scan_days`, `transit_days`, `on_time`, `labels`)
SELECT `user_id`, `shipped_on`, `courier`, `potentially_lost`, coalesce(`is_next_day`, -1), `outcome` IS 'claimed', '', -1, -1, -1, count(*)
FROM `labels`
GROUP BY 1, 2, 3, 4, 5, 6;
