-- Stored errors are catalogue codes (`errors.<code>`), which the screens word in the user's
-- language (ADR 0051). Rows written before held English prose:
-- a time-out and a manual opening never reported closed get their codes, any other text the
-- generic `command_failed` (the module's own reasons were never worded on a screen).
UPDATE "commands" SET "error" = CASE
	WHEN "status" = 6 THEN 'command_timed_out'
	ELSE 'command_failed'
END
WHERE "error" IS NOT NULL AND "error" NOT IN ('command_failed', 'command_timed_out', 'command_expired');
--> statement-breakpoint
UPDATE "manual_opens" SET "error" = CASE
	WHEN "error" LIKE 'No answer from the module within %' THEN 'command_timed_out'
	WHEN "error" = 'The module has not reported the output closed' THEN 'manual_not_closed'
	ELSE 'command_failed'
END
WHERE "error" IS NOT NULL
	AND "error" NOT IN ('command_failed', 'command_timed_out', 'command_expired', 'manual_not_closed');
