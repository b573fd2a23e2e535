-- Report templates (spec 01, reports creator; issue 14 item 8): a saved report request of one
-- client account, named 3 to 40 characters, unique per account whatever the letter case; at most
-- `maxReportTemplates` per account (checked by the service). `range_days`, when set, makes the
-- template relative: the last N local days ending today.
CREATE TABLE "report_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"name" text NOT NULL,
	"request" jsonb NOT NULL,
	"range_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "report_templates_client_name_idx" ON "report_templates" USING btree ("id_client", lower("name"));
