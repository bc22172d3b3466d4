-- The ledger is the only way a balance changes: each inserted row applies its delta to the
-- cached users.credits. users.credits has CHECK (credits >= 0), so an overdrawing debit fails
-- and rolls back the whole D1 batch it is part of (label insert included).
CREATE TRIGGER `credit_ledger_apply` AFTER INSERT ON `credit_ledger`
BEGIN
  UPDATE `users` SET `credits` = `credits` + NEW.`delta`, `updated_at` = (unixepoch('subsec') * 1000)
  WHERE `id` = NEW.`user_id`;
END;
