-- The farm's time zone: schedules, plans and calendar days count in it (ADR 0040). Existing
-- accounts take the zone they counted in before: their first user's chosen zone (admins first),
-- else Europe/Warsaw.
ALTER TABLE "clients" ADD COLUMN "time_zone" text DEFAULT 'Europe/Warsaw' NOT NULL;
--> statement-breakpoint
UPDATE "clients" SET "time_zone" = "chosen"."time_zone"
FROM (
	SELECT DISTINCT ON ("id_client") "id_client", "time_zone"
	FROM "users"
	WHERE "time_zone" IS NOT NULL
	ORDER BY "id_client", "type", "id"
) AS "chosen"
WHERE "chosen"."id_client" = "clients"."id";
--> statement-breakpoint
-- A farm's schedules run in the farm's zone, whoever saved them.
UPDATE "schedules" SET "time_zone" = "clients"."time_zone"
FROM "clients"
WHERE "schedules"."id_client" = "clients"."id" AND "schedules"."time_zone" <> "clients"."time_zone";
