-- Hourly and daily rollups of readings, kept by the ingest statement (readings-dal.ts) for every
-- reading actually inserted (a redelivery is not counted twice) and filled here once from the
-- readings already stored. Hours are UTC hours; days are the client account's local calendar
-- days in its time zone at ingest (23 or 25 hours on daylight-saving days). Readings without a
-- value are left out. See ADR 0058.
CREATE TABLE "readings_hourly" (
	"object_id" integer NOT NULL,
	"field" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"id_client" integer NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"first_value" double precision NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last_value" double precision NOT NULL,
	CONSTRAINT "readings_hourly_pk" PRIMARY KEY("object_id","field","bucket","id_client")
);
--> statement-breakpoint
CREATE TABLE "readings_daily" (
	"object_id" integer NOT NULL,
	"field" text NOT NULL,
	"day" date NOT NULL,
	"id_client" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"first_value" double precision NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last_value" double precision NOT NULL,
	CONSTRAINT "readings_daily_pk" PRIMARY KEY("object_id","field","day","id_client")
);
--> statement-breakpoint
INSERT INTO "readings_hourly"
SELECT "object_id", "field", date_trunc('hour', "ts", 'UTC'), "id_client",
	count(*), sum("value"), min("value"), max("value"),
	min("ts"), (array_agg("value" ORDER BY "ts"))[1], max("ts"), (array_agg("value" ORDER BY "ts" DESC))[1]
FROM "readings"
WHERE "value" IS NOT NULL
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "readings_daily"
SELECT "r"."object_id", "r"."field", ("r"."ts" AT TIME ZONE "c"."time_zone")::date, "r"."id_client",
	(("r"."ts" AT TIME ZONE "c"."time_zone")::date::timestamp AT TIME ZONE "c"."time_zone"),
	count(*), sum("r"."value"), min("r"."value"), max("r"."value"),
	min("r"."ts"), (array_agg("r"."value" ORDER BY "r"."ts"))[1],
	max("r"."ts"), (array_agg("r"."value" ORDER BY "r"."ts" DESC))[1]
FROM "readings" AS "r"
JOIN "clients" AS "c" ON "c"."id" = "r"."id_client"
WHERE "r"."value" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
