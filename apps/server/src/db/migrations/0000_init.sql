CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'PL' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ingest_rejections" (
	"serial" text NOT NULL,
	"reason" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_detail" text DEFAULT '' NOT NULL,
	CONSTRAINT "ingest_rejections_serial_reason_pk" PRIMARY KEY("serial","reason")
);
--> statement-breakpoint
CREATE TABLE "latest_readings" (
	"object_id" integer NOT NULL,
	"field" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision,
	"prev_ts" timestamp with time zone,
	"prev_value" double precision,
	"id_client" integer NOT NULL,
	CONSTRAINT "latest_readings_object_id_field_pk" PRIMARY KEY("object_id","field")
);
--> statement-breakpoint
CREATE TABLE "objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"pin" text NOT NULL,
	"last_device_model" text NOT NULL,
	"id_client" integer,
	"name" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"marker" smallint DEFAULT 0 NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"firmware" text,
	"base_station_id" integer,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"connection" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone,
	"last_data_at" timestamp with time zone,
	CONSTRAINT "objects_serial_unique" UNIQUE("serial")
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"object_id" integer NOT NULL,
	"field" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision,
	"id_client" integer NOT NULL,
	CONSTRAINT "readings_object_id_field_ts_pk" PRIMARY KEY("object_id","field","ts")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"id_client" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"name" text DEFAULT '' NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 2 NOT NULL,
	"lang" text,
	"time_zone" text,
	"date_format" text DEFAULT 'YYYY-MM-DD HH:mm:ss' NOT NULL,
	"temperature_unit" text DEFAULT 'C' NOT NULL,
	"area_unit" text DEFAULT 'ha' NOT NULL,
	"hide_splash" boolean DEFAULT false NOT NULL,
	"invited" boolean DEFAULT false NOT NULL,
	"notify_sms" boolean DEFAULT false NOT NULL,
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_app" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objects_id_client_idx" ON "objects" USING btree ("id_client");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_id_client_idx" ON "users" USING btree ("id_client");