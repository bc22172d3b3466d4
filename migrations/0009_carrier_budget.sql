CREATE TABLE `carrier_call_budget` (
	`carrier` text NOT NULL,
	`minute` integer NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`carrier`, `minute`)
);
--> statement-breakpoint
CREATE TABLE `carrier_pauses` (
	`carrier` text PRIMARY KEY NOT NULL,
	`until` integer NOT NULL
);
