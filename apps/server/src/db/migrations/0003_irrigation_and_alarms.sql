CREATE TABLE "alarm_notifications" (
	"id_alarm" bigint NOT NULL,
	"id_user" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alarm_notifications_id_alarm_id_user_channel_pk" PRIMARY KEY("id_alarm","id_user","channel")
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"id_object" integer NOT NULL,
	"alarm_name" text NOT NULL,
	"field" text,
	"threshold" double precision,
	"value" double precision,
	"activation_date" timestamp with time zone NOT NULL,
	"inactivation_date" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"confirmation_date" timestamp with time zone,
	"confirmed_by" integer,
	"confirmation_user_name" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"deletion_date" timestamp with time zone,
	"deleted_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"id" text PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"id_object" integer NOT NULL,
	"type" text DEFAULT 'set_output' NOT NULL,
	"outputs" jsonb NOT NULL,
	"source" text NOT NULL,
	"id_user" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"acked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_opens" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"id_output" integer NOT NULL,
	"id_user" integer,
	"minutes" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"open_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"id_command" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subject_pl" text DEFAULT '' NOT NULL,
	"subject_en" text DEFAULT '' NOT NULL,
	"content_pl" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_pl" text NOT NULL,
	"subject_en" text NOT NULL,
	"content_pl" text NOT NULL,
	"content_en" text NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"recipients" jsonb NOT NULL,
	"publication_date" timestamp with time zone NOT NULL,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outputs_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"id_schedule" integer,
	"id_output" integer NOT NULL,
	"role" text DEFAULT 'element' NOT NULL,
	"id_water_source" integer,
	"element_index" smallint,
	"cycle" smallint DEFAULT 1 NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"open_at" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"fertigation" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"confirmed_state" smallint,
	"fertigation_confirm_state" smallint,
	"manual_status" smallint,
	"id_command" text,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"begin_date" text NOT NULL,
	"expiration_date" text,
	"time_zone" text NOT NULL,
	"definition" jsonb NOT NULL,
	"paused_from" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"planned_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id_message" integer NOT NULL,
	"id_user" integer NOT NULL,
	"read_date" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "user_messages_id_message_id_user_pk" PRIMARY KEY("id_message","id_user")
);
--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_id_alarm_alarms_id_fk" FOREIGN KEY ("id_alarm") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_id_object_objects_id_fk" FOREIGN KEY ("id_object") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_id_object_objects_id_fk" FOREIGN KEY ("id_object") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_opens" ADD CONSTRAINT "manual_opens_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_opens" ADD CONSTRAINT "manual_opens_id_output_outputs_id_fk" FOREIGN KEY ("id_output") REFERENCES "public"."outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_opens" ADD CONSTRAINT "manual_opens_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs_plans" ADD CONSTRAINT "outputs_plans_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs_plans" ADD CONSTRAINT "outputs_plans_id_schedule_schedules_id_fk" FOREIGN KEY ("id_schedule") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs_plans" ADD CONSTRAINT "outputs_plans_id_output_outputs_id_fk" FOREIGN KEY ("id_output") REFERENCES "public"."outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outputs_plans" ADD CONSTRAINT "outputs_plans_id_water_source_water_sources_id_fk" FOREIGN KEY ("id_water_source") REFERENCES "public"."water_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_id_message_messages_id_fk" FOREIGN KEY ("id_message") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_client_activation_idx" ON "alarms" USING btree ("id_client","activation_date");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_one_active_idx" ON "alarms" USING btree ("id_object","alarm_name") WHERE "alarms"."active";--> statement-breakpoint
CREATE INDEX "commands_client_created_idx" ON "commands" USING btree ("id_client","created_at");--> statement-breakpoint
CREATE INDEX "commands_object_status_idx" ON "commands" USING btree ("id_object","status");--> statement-breakpoint
CREATE INDEX "manual_opens_client_idx" ON "manual_opens" USING btree ("id_client","status");--> statement-breakpoint
CREATE INDEX "manual_opens_output_idx" ON "manual_opens" USING btree ("id_output","status");--> statement-breakpoint
CREATE UNIQUE INDEX "outputs_plans_run_idx" ON "outputs_plans" USING btree ("id_schedule","id_output","role","planned_at");--> statement-breakpoint
CREATE INDEX "outputs_plans_client_open_idx" ON "outputs_plans" USING btree ("id_client","open_at");--> statement-breakpoint
CREATE INDEX "outputs_plans_due_idx" ON "outputs_plans" USING btree ("status","open_at");--> statement-breakpoint
CREATE INDEX "outputs_plans_output_idx" ON "outputs_plans" USING btree ("id_output","open_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "schedules_id_client_idx" ON "schedules" USING btree ("id_client");--> statement-breakpoint
CREATE INDEX "user_messages_user_idx" ON "user_messages" USING btree ("id_user");