-- The account's weather stations (issue 13, item 6; ADR 0060): one row per client account; a
-- removed module or input leaves its choice empty.
CREATE TABLE "weather_settings" (
	"id_client" integer PRIMARY KEY NOT NULL,
	"air_object_id" integer,
	"rain_output_id" integer,
	"wind_output_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "weather_settings" ADD CONSTRAINT "weather_settings_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "weather_settings" ADD CONSTRAINT "weather_settings_air_object_id_objects_id_fk" FOREIGN KEY ("air_object_id") REFERENCES "public"."objects"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "weather_settings" ADD CONSTRAINT "weather_settings_rain_output_id_outputs_id_fk" FOREIGN KEY ("rain_output_id") REFERENCES "public"."outputs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "weather_settings" ADD CONSTRAINT "weather_settings_wind_output_id_outputs_id_fk" FOREIGN KEY ("wind_output_id") REFERENCES "public"."outputs"("id") ON DELETE set null ON UPDATE no action;
