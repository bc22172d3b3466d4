ALTER TABLE `labels` ADD `order_id` text;--> statement-breakpoint
ALTER TABLE `labels` ADD `order_linked_by` text;--> statement-breakpoint
ALTER TABLE `labels` ADD `order_candidates_json` text;--> statement-breakpoint
ALTER TABLE `labels` ADD `order_declined_json` text;--> statement-breakpoint
CREATE INDEX `labels_order` ON `labels` (`user_id`,`order_id`) WHERE "labels"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `labels_order_question` ON `labels` (`user_id`,`created_at`) WHERE "labels"."order_candidates_json" IS NOT NULL;