-- label_tag_day_stats: the label_day_stats rollup per tag (hand-written: drizzle cannot express
-- triggers; the table is declared in worker/db/schema.ts). One row per user, tag, UK day, courier,
-- lost flag and next-day flag (-1 = not known), counting the labels that carry the tag. A label counts
-- for a tag when a label_tags row joins it with the label's own user_id (what the analytics' tag
-- filter reads). Analytics filtered on one tag read it instead of every label of the range.
-- Kept exact by the triggers below; rows that reach 0 labels are removed.
CREATE TABLE `label_tag_day_stats` (
	`user_id` integer NOT NULL,
	`tag` text NOT NULL,
	`day` text NOT NULL,
	`courier` text NOT NULL,
	`lost` integer NOT NULL,
	`next_day` integer NOT NULL,
	`labels` integer NOT NULL,
	`weight_sum` integer NOT NULL,
	`weight_count` integer NOT NULL,
	PRIMARY KEY(`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`)
) WITHOUT ROWID;
--> statement-breakpoint
-- A tag added to a label (no row when the label does not exist yet: its insert trigger counts it then).
-- The WHERE is required: without it SQLite would read ON CONFLICT as a join constraint.
CREATE TRIGGER `label_tag_day_stats_tag_insert` AFTER INSERT ON `label_tags`
BEGIN
  INSERT INTO `label_tag_day_stats` (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
  SELECT l.`user_id`, NEW.`tag`, l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), 1,
         coalesce(l.`weight_grams`, 0), l.`weight_grams` IS NOT NULL
  FROM `labels` l WHERE l.`id` = NEW.`label_id` AND +l.`user_id` = NEW.`user_id`
  ON CONFLICT (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET
    `labels` = `labels` + excluded.`labels`,
    `weight_sum` = `weight_sum` + excluded.`weight_sum`,
    `weight_count` = `weight_count` + excluded.`weight_count`;
END;
--> statement-breakpoint
-- A tag removed from a label that still exists (a label's own delete removes its tags first, below).
-- The label's row is subtracted by upserting its negative, then the emptied row is dropped.
CREATE TRIGGER `label_tag_day_stats_tag_delete` AFTER DELETE ON `label_tags`
BEGIN
  INSERT INTO `label_tag_day_stats` (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
  SELECT l.`user_id`, OLD.`tag`, l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), -1,
         -coalesce(l.`weight_grams`, 0), -(l.`weight_grams` IS NOT NULL)
  FROM `labels` l WHERE l.`id` = OLD.`label_id` AND +l.`user_id` = OLD.`user_id`
  ON CONFLICT (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET
    `labels` = `labels` + excluded.`labels`,
    `weight_sum` = `weight_sum` + excluded.`weight_sum`,
    `weight_count` = `weight_count` + excluded.`weight_count`;
  DELETE FROM `label_tag_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `tag` = OLD.`tag` AND `labels` <= 0
    AND (`day`, `courier`, `lost`, `next_day`) = (
      SELECT `shipped_on`, `courier`, `potentially_lost`, coalesce(`is_next_day`, -1) FROM `labels`
      WHERE `id` = OLD.`label_id` AND +`user_id` = OLD.`user_id`);
END;
--> statement-breakpoint
-- label_tags rows are replaced, never updated, by the app; counted anyway so nothing can drift.
CREATE TRIGGER `label_tag_day_stats_tag_update` AFTER UPDATE OF `label_id`, `user_id`, `tag` ON `label_tags`
WHEN OLD.`label_id` IS NOT NEW.`label_id` OR OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`tag` IS NOT NEW.`tag`
BEGIN
  INSERT INTO `label_tag_day_stats` (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
  SELECT l.`user_id`, OLD.`tag`, l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), -1,
         -coalesce(l.`weight_grams`, 0), -(l.`weight_grams` IS NOT NULL)
  FROM `labels` l WHERE l.`id` = OLD.`label_id` AND +l.`user_id` = OLD.`user_id`
  ON CONFLICT (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET
    `labels` = `labels` + excluded.`labels`,
    `weight_sum` = `weight_sum` + excluded.`weight_sum`,
    `weight_count` = `weight_count` + excluded.`weight_count`;
  DELETE FROM `label_tag_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `tag` = OLD.`tag` AND `labels` <= 0
    AND (`day`, `courier`, `lost`, `next_day`) = (
      SELECT `shipped_on`, `courier`, `potentially_lost`, coalesce(`is_next_day`, -1) FROM `labels`
      WHERE `id` = OLD.`label_id` AND +`user_id` = OLD.`user_id`);
  INSERT INTO `label_tag_day_stats` (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
  SELECT l.`user_id`, NEW.`tag`, l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), 1,
         coalesce(l.`weight_grams`, 0), l.`weight_grams` IS NOT NULL
  FROM `labels` l WHERE l.`id` = NEW.`label_id` AND +l.`user_id` = NEW.`user_id`
  ON CONFLICT (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET
    `labels` = `labels` + excluded.`labels`,
    `weight_sum` = `weight_sum` + excluded.`weight_sum`,
    `weight_count` = `weight_count` + excluded.`weight_count`;
END;
--> statement-breakpoint
-- A new label: tag rows written before it (no foreign-key check) are counted now. Usually none.
CREATE TRIGGER `label_tag_day_stats_label_insert` AFTER INSERT ON `labels`
BEGIN
  INSERT INTO `label_tag_day_stats` (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
  SELECT NEW.`user_id`, t.`tag`, NEW.`shipped_on`, NEW.`courier`, NEW.`potentially_lost`, coalesce(NEW.`is_next_day`, -1), 1,
         coalesce(NEW.`weight_grams`, 0), NEW.`weight_grams` IS NOT NULL
  FROM `label_tags` t WHERE t.`label_id` = NEW.`id` AND +t.`user_id` = NEW.`user_id`
  ON CONFLICT (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET
    `labels` = `labels` + excluded.`labels`,
    `weight_sum` = `weight_sum` + excluded.`weight_sum`,
    `weight_count` = `weight_count` + excluded.`weight_count`;
END;
--> statement-breakpoint
-- A label whose counted columns change moves, under each of its tags, from its old row to its new one.
CREATE TRIGGER `label_tag_day_stats_label_update` AFTER UPDATE OF `id`, `user_id`, `shipped_on`, `courier`, `potentially_lost`, `is_next_day`, `weight_grams` ON `labels`
WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`shipped_on` IS NOT NEW.`shipped_on`
  OR OLD.`courier` IS NOT NEW.`courier` OR OLD.`potentially_lost` IS NOT NEW.`potentially_lost`
  OR OLD.`is_next_day` IS NOT NEW.`is_next_day` OR OLD.`weight_grams` IS NOT NEW.`weight_grams`
BEGIN
  INSERT INTO `label_tag_day_stats` (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
  SELECT OLD.`user_id`, t.`tag`, OLD.`shipped_on`, OLD.`courier`, OLD.`potentially_lost`, coalesce(OLD.`is_next_day`, -1), -1,
         -coalesce(OLD.`weight_grams`, 0), -(OLD.`weight_grams` IS NOT NULL)
  FROM `label_tags` t WHERE t.`label_id` = OLD.`id` AND +t.`user_id` = OLD.`user_id`
  ON CONFLICT (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET
    `labels` = `labels` + excluded.`labels`,
    `weight_sum` = `weight_sum` + excluded.`weight_sum`,
    `weight_count` = `weight_count` + excluded.`weight_count`;
  DELETE FROM `label_tag_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`potentially_lost` AND `next_day` = coalesce(OLD.`is_next_day`, -1) AND `labels` <= 0
    AND `tag` IN (SELECT `tag` FROM `label_tags` WHERE `label_id` = OLD.`id` AND +`user_id` = OLD.`user_id`);
  INSERT INTO `label_tag_day_stats` (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
  SELECT NEW.`user_id`, t.`tag`, NEW.`shipped_on`, NEW.`courier`, NEW.`potentially_lost`, coalesce(NEW.`is_next_day`, -1), 1,
         coalesce(NEW.`weight_grams`, 0), NEW.`weight_grams` IS NOT NULL
  FROM `label_tags` t WHERE t.`label_id` = NEW.`id` AND +t.`user_id` = NEW.`user_id`
  ON CONFLICT (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET
    `labels` = `labels` + excluded.`labels`,
    `weight_sum` = `weight_sum` + excluded.`weight_sum`,
    `weight_count` = `weight_count` + excluded.`weight_count`;
END;
--> statement-breakpoint
-- A deleted label's tags go first, while the label can still be read, so the tag trigger subtracts it
-- (the foreign key's ON DELETE CASCADE then finds nothing left to delete).
CREATE TRIGGER `label_tag_day_stats_label_delete` BEFORE DELETE ON `labels`
BEGIN
  DELETE FROM `label_tags` WHERE `label_id` = OLD.`id`;
END;
--> statement-breakpoint
-- Tagged labels that exist before this migration.
INSERT INTO `label_tag_day_stats` (`user_id`, `tag`, `day`, `courier`, `lost`, `next_day`, `labels`, `weight_sum`, `weight_count`)
SELECT l.`user_id`, t.`tag`, l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), count(*),
       coalesce(sum(l.`weight_grams`), 0), count(l.`weight_grams`)
FROM `label_tags` t JOIN `labels` l ON l.`id` = t.`label_id` AND l.`user_id` = t.`user_id`
GROUP BY 1, 2, 3, 4, 5, 6;
