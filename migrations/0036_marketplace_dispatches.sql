CREATE TABLE `marketplace_dispatches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`order_id` text NOT NULL,
	`label_id` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`tracking_code` text,
	`carrier` text,
	`lines_json` text,
	`marketplace_ref` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marketplace_dispatches_order_label` ON `marketplace_dispatches` (`order_id`,`label_id`);--> statement-breakpoint
CREATE INDEX `marketplace_dispatches_user` ON `marketplace_dispatches` (`user_id`,`label_id`);
--> statement-breakpoint
-- A dispatch goes with its order, whichever path removes the order (disconnect, retention, Shopify's and eBay's
-- privacy notifications, closing the account).
CREATE TRIGGER `marketplace_orders_dispatches_gone` AFTER DELETE ON `marketplace_orders`
BEGIN
  DELETE FROM `marketplace_dispatches` WHERE `order_id` = OLD.`id`;
END;
