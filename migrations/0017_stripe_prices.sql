CREATE TABLE `stripe_prices` (
	`price_id` text PRIMARY KEY NOT NULL,
	`unit_amount` integer,
	`currency` text NOT NULL,
	`interval` text,
	`interval_count` integer,
	`fetched_at` integer NOT NULL
);
