-- The labels list's status filter, its totals (label_status_day_stats) and sorts (parcel_status:
-- worker/db/parcel-status.ts), and its search:
-- labels_search is a full-text index (FTS5, trigram tokenizer: any 3 characters of a word match, case and accents
-- ignored) over what a user searches a label by: its tracking code, the recipient's name and postcode (as stored
-- and without its space), its tags and its notes (where a sender keeps an order reference). Each field is
-- preceded by a space, so a 2-character search (' sw') matches the start of a word. Contentless (the text is
-- not kept twice). Its rowid is the label's owner and rowid, user_id * 2^32 + labels.rowid, so one user's
-- labels are one rowid range of the index: a search reads the caller's matches only, never every user's. The
-- view labels_search_text says what is indexed, once, and the triggers keep the index exact from it
-- (hand-written: drizzle cannot express virtual tables or views). worker/labels/search.ts builds the queries.
-- After a restore that renumbers rowids (an import of a dump), run the last two statements again.
CREATE TABLE `label_status_day_stats` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`courier` text NOT NULL,
	`lost` integer NOT NULL,
	`next_day` integer NOT NULL,
	`status` text NOT NULL,
	`labels` integer NOT NULL,
	PRIMARY KEY(`user_id`, `status`, `day`, `courier`, `lost`, `next_day`)
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `labels` ADD `parcel_status` text GENERATED ALWAYS AS (CASE
  WHEN delivered_at IS NOT NULL OR tracking_status IN ('delivered', 'collected') OR outcome = 'delivered'
    OR (CASE WHEN json_valid(details_json) THEN json_extract(details_json, '$.deliveredAt') END) IS NOT NULL THEN 'delivered'
  WHEN tracking_status = 'returned' THEN 'returned'
  WHEN outcome IS NOT NULL THEN outcome
  WHEN tracking_status = 'out_for_delivery' THEN 'out_for_delivery'
  WHEN last_scan_at IS NULL THEN 'waiting'
  ELSE 'in_transit'
END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `labels_user_status_created` ON `labels` (`user_id`,`parcel_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `labels_user_status_updated` ON `labels` (`user_id`,`parcel_status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `labels_user_updated` ON `labels` (`user_id`,`updated_at`);
--> statement-breakpoint
-- label_status_day_stats, kept exact as label_day_stats is (0003): a label counts once, under its key. The
-- status is generated from other columns, so the update trigger fires on those (every column it reads).
CREATE TRIGGER `label_status_day_stats_insert` AFTER INSERT ON `labels`
BEGIN
  INSERT INTO `label_status_day_stats` (`user_id`, `day`, `courier`, `lost`, `next_day`, `status`, `labels`)
  VALUES (NEW.`user_id`, NEW.`shipped_on`, NEW.`courier`, NEW.`potentially_lost`, coalesce(NEW.`is_next_day`, -1), NEW.`parcel_status`, 1)
  ON CONFLICT (`user_id`, `status`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET `labels` = `labels` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `label_status_day_stats_delete` AFTER DELETE ON `labels`
BEGIN
  UPDATE `label_status_day_stats` SET `labels` = `labels` - 1
  WHERE `user_id` = OLD.`user_id` AND `status` = OLD.`parcel_status` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`potentially_lost` AND `next_day` = coalesce(OLD.`is_next_day`, -1);
  DELETE FROM `label_status_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `status` = OLD.`parcel_status` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`potentially_lost` AND `next_day` = coalesce(OLD.`is_next_day`, -1) AND `labels` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `label_status_day_stats_update` AFTER UPDATE OF `user_id`, `shipped_on`, `courier`, `potentially_lost`, `is_next_day`,
  `delivered_at`, `tracking_status`, `outcome`, `details_json`, `last_scan_at` ON `labels`
WHEN OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`shipped_on` IS NOT NEW.`shipped_on` OR OLD.`courier` IS NOT NEW.`courier`
  OR OLD.`potentially_lost` IS NOT NEW.`potentially_lost` OR OLD.`is_next_day` IS NOT NEW.`is_next_day`
  OR OLD.`parcel_status` IS NOT NEW.`parcel_status`
BEGIN
  UPDATE `label_status_day_stats` SET `labels` = `labels` - 1
  WHERE `user_id` = OLD.`user_id` AND `status` = OLD.`parcel_status` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`potentially_lost` AND `next_day` = coalesce(OLD.`is_next_day`, -1);
  DELETE FROM `label_status_day_stats`
  WHERE `user_id` = OLD.`user_id` AND `status` = OLD.`parcel_status` AND `day` = OLD.`shipped_on` AND `courier` = OLD.`courier`
    AND `lost` = OLD.`potentially_lost` AND `next_day` = coalesce(OLD.`is_next_day`, -1) AND `labels` <= 0;
  INSERT INTO `label_status_day_stats` (`user_id`, `day`, `courier`, `lost`, `next_day`, `status`, `labels`)
  VALUES (NEW.`user_id`, NEW.`shipped_on`, NEW.`courier`, NEW.`potentially_lost`, coalesce(NEW.`is_next_day`, -1), NEW.`parcel_status`, 1)
  ON CONFLICT (`user_id`, `status`, `day`, `courier`, `lost`, `next_day`) DO UPDATE SET `labels` = `labels` + 1;
END;
--> statement-breakpoint
-- Labels that exist before this migration.
INSERT INTO `label_status_day_stats` (`user_id`, `day`, `courier`, `lost`, `next_day`, `status`, `labels`)
SELECT `user_id`, `shipped_on`, `courier`, `potentially_lost`, coalesce(`is_next_day`, -1), `parcel_status`, count(*)
FROM `labels`
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE VIEW `labels_search_text` AS SELECT `rowid` AS `label_rowid`, `user_id` * 4294967296 + `rowid` AS `search_rowid`,
  ' ' || `tracking_code`
  || ' ' || coalesce(CASE WHEN json_valid(`details_json`) THEN json_extract(`details_json`, '$.address.name') END, '')
  || ' ' || coalesce(CASE WHEN json_valid(`details_json`) THEN json_extract(`details_json`, '$.address.postcode') END, '')
  || ' ' || replace(coalesce(CASE WHEN json_valid(`details_json`) THEN json_extract(`details_json`, '$.address.postcode') END, ''), ' ', '')
  || ' ' || coalesce((SELECT group_concat(`value`, ' ') FROM json_each(CASE WHEN json_valid(`tags_json`) THEN `tags_json` ELSE '[]' END)), '')
  || ' ' || `notes` AS `body`
FROM `labels`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `labels_search` USING fts5(`body`, tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1);
--> statement-breakpoint
CREATE TRIGGER `labels_search_insert` AFTER INSERT ON `labels`
BEGIN
  INSERT INTO `labels_search` (`rowid`, `body`) SELECT `search_rowid`, `body` FROM `labels_search_text` WHERE `label_rowid` = NEW.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `labels_search_update` AFTER UPDATE OF `user_id`, `tracking_code`, `details_json`, `tags_json`, `notes` ON `labels`
BEGIN
  DELETE FROM `labels_search` WHERE `rowid` = OLD.`user_id` * 4294967296 + OLD.`rowid`;
  INSERT INTO `labels_search` (`rowid`, `body`) SELECT `search_rowid`, `body` FROM `labels_search_text` WHERE `label_rowid` = NEW.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `labels_search_delete` AFTER DELETE ON `labels`
BEGIN
  DELETE FROM `labels_search` WHERE `rowid` = OLD.`user_id` * 4294967296 + OLD.`rowid`;
END;
--> statement-breakpoint
-- The labels that exist before this migration (also the rebuild after a restore, with a DELETE FROM labels_search first).
INSERT INTO `labels_search` (`rowid`, `body`) SELECT `search_rowid`, `body` FROM `labels_search_text`;
