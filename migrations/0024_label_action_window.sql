ALTER TABLE `labels` ADD `action_from` text;--> statement-breakpoint
ALTER TABLE `labels` ADD `action_until` text;--> statement-breakpoint
CREATE INDEX `labels_user_action` ON `labels` (`user_id`,`action_until`,`action_from`) WHERE "labels"."action_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `labels_action_backfill` ON `labels` (`id`) WHERE "labels"."action_until" = '9999-99-99';--> statement-breakpoint
-- Labels still on their way that are flagged or scanned may need action: unknown ('0000-00-00'..'9999-99-99', always
-- a candidate, decided in code) until the cron works their window out (worker/claims/action-window.ts). The rest
-- (delivered, returned, or neither scanned nor flagged) can never need action until their next save writes it.
UPDATE `labels` SET `action_from` = '0000-00-00', `action_until` = '9999-99-99'
WHERE `parcel_status` IN ('waiting', 'in_transit', 'out_for_delivery') AND (`potentially_lost` = 1 OR `last_scan_at` IS NOT NULL);
