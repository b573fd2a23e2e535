CREATE TABLE "geo_objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"marker" smallint DEFAULT 1 NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_objects" (
	"id_group" integer NOT NULL,
	"id_object" integer NOT NULL,
	CONSTRAINT "group_objects_id_group_id_object_pk" PRIMARY KEY("id_group","id_object")
);
--> statement-breakpoint
CREATE TABLE "group_outputs" (
	"id_group" integer NOT NULL,
	"id_output" integer NOT NULL,
	CONSTRAINT "group_outputs_id_group_id_output_pk" PRIMARY KEY("id_group","id_output")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outputs" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"id_object" integer NOT NULL,
	"field_name" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"id_water_source" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "region_objects" (
	"id_region" integer NOT NULL,
	"id_object" integer NOT NULL,
	CONSTRAINT "region_objects_id_region_id_object_pk" PRIMARY KEY("id_region","id_object")
);
--> statement-breakpoint
CREATE TABLE "region_outputs" (
	"id_region" integer NOT NULL,
	"id_output" integer NOT NULL,
	CONSTRAINT "region_outputs_id_region_id_output_pk" PRIMARY KEY("id_region","id_output")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "section_groups" (
	"id_section" integer NOT NULL,
	"id_group" integer NOT NULL,
	CONSTRAINT "section_groups_id_section_id_group_pk" PRIMARY KEY("id_section","id_group")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"area" double precision DEFAULT 0 NOT NULL,
	"flow" double precision DEFAULT 0 NOT NULL,
	"id_water_source" integer,
	"soil_type" smallint,
	"plant" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "water_source_outputs" (
	"id_water_source" integer NOT NULL,
	"id_output" integer NOT NULL,
	"fertigation" boolean DEFAULT false NOT NULL,
	CONSTRAINT "water_source_outputs_id_water_source_id_output_pk" PRIMARY KEY("id_water_source","id_output")
);
--> statement-breakpoint
CREATE TABLE "water_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"efficiency" double precision DEFAULT 0 NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "config_pending_id" text;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "config_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "geo_objects" ADD CONSTRAINT "geo_objects_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_objects" ADD CONSTRAINT "group_objects_id_group_groups_id_fk" FOREIGN KEY ("id_group") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_objects" ADD CONSTRAINT "group_objects_id_object_objects_id_fk" FOREIGN KEY ("id_object") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_outputs" ADD CONSTRAINT "group_outputs_id_group_groups_id_fk" FOREIGN KEY ("id_group") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_outputs" ADD CONSTRAINT "group_outputs_id_output_outputs_id_fk" FOREIGN KEY ("id_output") REFERENCES "public"."outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_id_object_objects_id_fk" FOREIGN KEY ("id_object") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs" ADD CONSTRAINT "outputs_id_water_source_water_sources_id_fk" FOREIGN KEY ("id_water_source") REFERENCES "public"."water_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_objects" ADD CONSTRAINT "region_objects_id_region_regions_id_fk" FOREIGN KEY ("id_region") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_objects" ADD CONSTRAINT "region_objects_id_object_objects_id_fk" FOREIGN KEY ("id_object") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_outputs" ADD CONSTRAINT "region_outputs_id_region_regions_id_fk" FOREIGN KEY ("id_region") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_outputs" ADD CONSTRAINT "region_outputs_id_output_outputs_id_fk" FOREIGN KEY ("id_output") REFERENCES "public"."outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_groups" ADD CONSTRAINT "section_groups_id_section_sections_id_fk" FOREIGN KEY ("id_section") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_groups" ADD CONSTRAINT "section_groups_id_group_groups_id_fk" FOREIGN KEY ("id_group") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_id_water_source_water_sources_id_fk" FOREIGN KEY ("id_water_source") REFERENCES "public"."water_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_source_outputs" ADD CONSTRAINT "water_source_outputs_id_water_source_water_sources_id_fk" FOREIGN KEY ("id_water_source") REFERENCES "public"."water_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_source_outputs" ADD CONSTRAINT "water_source_outputs_id_output_outputs_id_fk" FOREIGN KEY ("id_output") REFERENCES "public"."outputs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_sources" ADD CONSTRAINT "water_sources_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geo_objects_id_client_idx" ON "geo_objects" USING btree ("id_client");--> statement-breakpoint
CREATE INDEX "group_objects_object_idx" ON "group_objects" USING btree ("id_object");--> statement-breakpoint
CREATE INDEX "group_outputs_output_idx" ON "group_outputs" USING btree ("id_output");--> statement-breakpoint
CREATE INDEX "groups_id_client_idx" ON "groups" USING btree ("id_client");--> statement-breakpoint
CREATE UNIQUE INDEX "outputs_object_field_idx" ON "outputs" USING btree ("id_object","field_name");--> statement-breakpoint
CREATE INDEX "outputs_id_client_idx" ON "outputs" USING btree ("id_client");--> statement-breakpoint
CREATE INDEX "region_objects_object_idx" ON "region_objects" USING btree ("id_object");--> statement-breakpoint
CREATE INDEX "region_outputs_output_idx" ON "region_outputs" USING btree ("id_output");--> statement-breakpoint
CREATE INDEX "regions_id_client_idx" ON "regions" USING btree ("id_client");--> statement-breakpoint
CREATE INDEX "section_groups_group_idx" ON "section_groups" USING btree ("id_group");--> statement-breakpoint
CREATE INDEX "sections_id_client_idx" ON "sections" USING btree ("id_client");--> statement-breakpoint
CREATE INDEX "water_source_outputs_output_idx" ON "water_source_outputs" USING btree ("id_output");--> statement-breakpoint
CREATE INDEX "water_sources_id_client_idx" ON "water_sources" USING btree ("id_client");