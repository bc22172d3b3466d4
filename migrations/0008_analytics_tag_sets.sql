-- Analytics over several tags ("any of them"): each tagged label counted once, under the set of all its
-- tags (hand-written below the tables: drizzle cannot express triggers; the tables are declared in
-- worker/db/schema.ts). A label's set is its label_tags rows whose user is the label's (what the tag filters
-- read), sorted, as a JSON array: '["ebay","gift"]'.
--  - label_tag_sets: one row per tagged label: its set and the columns it adds to the rollup. It is a pure
--    function of labels + label_tags, REFRESHED for the label concerned after every change to either: a row
--    that no longer matches is deleted, a tagged label without a row gets one (the two statements marked
--    "refresh" below, repeated per trigger: SQLite has no procedures);
--  - label_tag_set_day_stats: the label_day_stats rollup per set, kept by the two triggers ON label_tag_sets
--    (a row in = its label added, a row out = subtracted; a changed label goes out and back in), emptied rows
--    removed;
--  - tag_set_tags: the sets containing each tag (kept after a set's last label leaves: it then matches
--    nothing, and a set that existed once is likely to come back).
-- `+t.user_id` keeps SQLite on label_tags' (label_id, tag) key: without the `+` it picks the (user_id, tag, ...)
-- index (ORDER BY tag looks free there) and reads every tag row of the user for each tag written.
CREATE TABLE `label_tag_set_day_stats` (
	`user_id` integer NOT NULL,
	`tag_set` text NOT NULL,
	`day` text NOT NULL,
	`courier` text NOT NULL,
	`lost` integer NOT NULL,
	`next_day` integer NOT NULL,
	`labels` integer NOT NULL,
	`weight_sum` integer NOT NULL,
	`weight_count` integer NOT NULL,
	PRIMARY KEY(`user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `label_tag_sets` (
	`label_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`tag_set` text NOT NULL,
	`day` text NOT NULL,
	`courier` text NOT NULL,
	`lost` integer NOT NULL,
	`next_day` integer NOT NULL,
	`weight_grams` integer
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `tag_set_tags` (
	`user_id` integer NOT NULL,
	`tag` text NOT NULL,
	`tag_set` text NOT NULL,
	PRIMARY KEY(`user_id`, `tag`, `tag_set`)
) WITHOUT ROWID;

--> statement-breakpoint
-- A label in: its set is listed under each of its tags, and the label added to its rollup row.
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
END;
--> statement-breakpoint
-- A label out: subtracted from its rollup row, which goes when empty.
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
END;
--> statement-breakpoint
-- Rows of label_tag_sets are deleted and inserted, never updated (the refresh); refused so nothing can drift.
CREATE TRIGGER `label_tag_sets_no_update` BEFORE UPDATE ON `label_tag_sets`
BEGIN
  SELECT RAISE(ABORT, 'label_tag_sets rows are replaced, not updated');
END;
--> statement-breakpoint
-- A tag added: the label moves to its new set (or enters the sets).
CREATE TRIGGER `label_tag_sets_tag_insert` AFTER INSERT ON `label_tags`
BEGIN
  -- refresh: out when the row no longer matches the label and its counted tags (none left: the set is '[]')
  DELETE FROM `label_tag_sets` WHERE `label_id` = NEW.`label_id` AND NOT EXISTS (
    SELECT 1 FROM `labels` l WHERE l.`id` = NEW.`label_id`
      AND (`label_tag_sets`.`user_id`, `label_tag_sets`.`tag_set`, `label_tag_sets`.`day`, `label_tag_sets`.`courier`,
           `label_tag_sets`.`lost`, `label_tag_sets`.`next_day`, `label_tag_sets`.`weight_grams`)
       IS (l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
           l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`));
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`
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
           `label_tag_sets`.`lost`, `label_tag_sets`.`next_day`, `label_tag_sets`.`weight_grams`)
       IS (l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
           l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`));
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`
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
           `label_tag_sets`.`lost`, `label_tag_sets`.`next_day`, `label_tag_sets`.`weight_grams`)
       IS (l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
           l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`));
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`
  FROM `labels` l
  WHERE l.`id` = OLD.`label_id` AND EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`)
  ON CONFLICT (`label_id`) DO NOTHING;
  -- refresh: out when the row no longer matches the label and its counted tags (none left: the set is '[]')
  DELETE FROM `label_tag_sets` WHERE `label_id` = NEW.`label_id` AND NOT EXISTS (
    SELECT 1 FROM `labels` l WHERE l.`id` = NEW.`label_id`
      AND (`label_tag_sets`.`user_id`, `label_tag_sets`.`tag_set`, `label_tag_sets`.`day`, `label_tag_sets`.`courier`,
           `label_tag_sets`.`lost`, `label_tag_sets`.`next_day`, `label_tag_sets`.`weight_grams`)
       IS (l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
           l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`));
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`
  FROM `labels` l
  WHERE l.`id` = NEW.`label_id` AND EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`)
  ON CONFLICT (`label_id`) DO NOTHING;
END;
--> statement-breakpoint
-- A new label: tag rows written before it (no foreign-key check) put it in its set now. Usually none.
CREATE TRIGGER `label_tag_sets_label_insert` AFTER INSERT ON `labels`
BEGIN
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`
  FROM `labels` l
  WHERE l.`id` = NEW.`id` AND EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`)
  ON CONFLICT (`label_id`) DO NOTHING;
END;
--> statement-breakpoint
-- A label whose counted columns change moves within the rollup (its row is refreshed).
CREATE TRIGGER `label_tag_sets_label_update` AFTER UPDATE OF `id`, `user_id`, `shipped_on`, `courier`, `potentially_lost`, `is_next_day`, `weight_grams` ON `labels`
WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`shipped_on` IS NOT NEW.`shipped_on`
  OR OLD.`courier` IS NOT NEW.`courier` OR OLD.`potentially_lost` IS NOT NEW.`potentially_lost`
  OR OLD.`is_next_day` IS NOT NEW.`is_next_day` OR OLD.`weight_grams` IS NOT NEW.`weight_grams`
BEGIN
  DELETE FROM `label_tag_sets` WHERE `label_id` = OLD.`id` AND OLD.`id` IS NOT NEW.`id`;
  -- refresh: out when the row no longer matches the label and its counted tags (none left: the set is '[]')
  DELETE FROM `label_tag_sets` WHERE `label_id` = NEW.`id` AND NOT EXISTS (
    SELECT 1 FROM `labels` l WHERE l.`id` = NEW.`id`
      AND (`label_tag_sets`.`user_id`, `label_tag_sets`.`tag_set`, `label_tag_sets`.`day`, `label_tag_sets`.`courier`,
           `label_tag_sets`.`lost`, `label_tag_sets`.`next_day`, `label_tag_sets`.`weight_grams`)
       IS (l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
           l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`));
  -- refresh: in when tagged and not in already
  INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`)
  SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
         l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`
  FROM `labels` l
  WHERE l.`id` = NEW.`id` AND EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`)
  ON CONFLICT (`label_id`) DO NOTHING;
END;
--> statement-breakpoint
-- A deleted label leaves the sets (its tags are already gone; this covers tag rows of another user).
CREATE TRIGGER `label_tag_sets_label_delete` AFTER DELETE ON `labels`
BEGIN
  DELETE FROM `label_tag_sets` WHERE `label_id` = OLD.`id`;
END;
--> statement-breakpoint
-- Tagged labels that exist before this migration (the label_tag_sets triggers fill the rollup and tag_set_tags).
INSERT INTO `label_tag_sets` (`label_id`, `user_id`, `tag_set`, `day`, `courier`, `lost`, `next_day`, `weight_grams`)
SELECT l.`id`, l.`user_id`, (SELECT json_group_array(s.`tag`) FROM (SELECT t.`tag` FROM `label_tags` t
            WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id` ORDER BY t.`tag`) s),
       l.`shipped_on`, l.`courier`, l.`potentially_lost`, coalesce(l.`is_next_day`, -1), l.`weight_grams`
FROM `labels` l
WHERE EXISTS (SELECT 1 FROM `label_tags` t WHERE t.`label_id` = l.`id` AND +t.`user_id` = l.`user_id`);
