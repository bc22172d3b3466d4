DROP INDEX `labels_user_action`;--> statement-breakpoint
CREATE INDEX `labels_user_action` ON `labels` (`user_id`,`action_until`,`action_from`,`parcel_status`,`created_at`) WHERE "labels"."action_until" IS NOT NULL;--> statement-breakpoint
-- A flagged label's window written by 0024's code may be the hull of two spans apart, which the list now takes as
-- exact: worked out again by the cron (worker/claims/action-window.ts; until then decided by the deadlines).
UPDATE `labels` SET `action_from` = '0000-00-00', `action_until` = '9999-99-99'
WHERE `potentially_lost` = 1 AND `action_until` IS NOT NULL AND `action_from` <> '0000-00-00';
