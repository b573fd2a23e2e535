-- Dashboards (spec 01 sections 3, 5, 9): at most 16 per client account, in `position` order.
-- Widgets live in one jsonb array per dashboard, each with its type, options and place on the
-- 12-column grid, validated by the domain's widget schema on every write (ADR 0056).
CREATE TABLE "dashboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"widgets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "dashboards_id_client_idx" ON "dashboards" USING btree ("id_client", "position");
--> statement-breakpoint
-- Every existing account starts with what its start screen showed: one dashboard of module tiles.
INSERT INTO "dashboards" ("id_client", "name", "position", "widgets")
SELECT "id", 'Start', 0,
	'[{"id":"modules","type":"resources","title":"","objects":[],"layout":{"x":0,"y":0,"w":12,"h":8}}]'::jsonb
FROM "clients";
