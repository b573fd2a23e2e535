-- The farm's place on the client account (issue 15 item 5, first-run account configuration): the
-- address as typed and its point in degrees (WGS 84), both optional; a point has both coordinates,
-- each in its range. The clients table's audit trigger records every column, these too.
ALTER TABLE "clients" ADD COLUMN "farm_address" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "farm_lat" double precision;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "farm_lng" double precision;
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_farm_point_check" CHECK (
	("farm_lat" IS NULL AND "farm_lng" IS NULL)
	OR ("farm_lat" BETWEEN -90 AND 90 AND "farm_lng" BETWEEN -180 AND 180)
);
