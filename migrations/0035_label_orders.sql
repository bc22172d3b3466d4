ALTER TABLE `labels` ADD `order_id` text;--> statement-breakpoint
ALTER TABLE `labels` ADD `order_linked_by` text;--> statement-breakpoint
ALTER TABLE `labels` ADD `order_candidates_json` text;--> statement-breakpoint
ALTER TABLE `labels` ADD `order_declined_json` text;--> statement-breakpoint
CREATE INDEX `labels_order` ON `labels` (`user_id`,`order_id`) WHERE "labels"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `labels_order_question` ON `labels` (`user_id`,`created_at`) WHERE "labels"."order_candidates_json" IS NOT NULL;--> statement-breakpoint
-- A label lets go of an order that is no longer kept (disconnect, retention, Shopify's and eBay's privacy
-- notifications, closing the account), so the matching may link it again (a reconnected shop's orders get new ids).
CREATE TRIGGER `marketplace_orders_labels_unlinked` AFTER DELETE ON `marketplace_orders`
BEGIN
  UPDATE `labels` SET `order_id` = NULL, `order_linked_by` = NULL WHERE `user_id` = OLD.`user_id` AND `order_id` = OLD.`id`;
END;
