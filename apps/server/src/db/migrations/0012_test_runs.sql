-- The test area's runs (issue 16): every test a user starts in /test (an output pulse, a group or
-- resource walk, a weather check, a test e-mail, SMS or push) is recorded: who, what, when, the
-- result and, in `details`, each item's result and reason (packages/domain test-area/test-runs.ts).
-- `subject_id` is the module, group or other thing tested, `subject_name` its name at the time
-- (the history stays readable after it is renamed or removed). A run is `running` until it ends.
CREATE TABLE "test_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_client" integer NOT NULL,
	"id_user" integer,
	"kind" text NOT NULL,
	"subject_id" integer,
	"subject_name" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" text DEFAULT 'running' NOT NULL,
	"details" jsonb DEFAULT '{"items":[]}'::jsonb NOT NULL,
	CONSTRAINT "test_runs_kind_check" CHECK ("kind" IN ('output', 'group', 'resources', 'weather', 'email', 'sms', 'push')),
	CONSTRAINT "test_runs_result_check" CHECK ("result" IN ('running', 'pass', 'fail', 'partial'))
);
--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_id_client_clients_id_fk" FOREIGN KEY ("id_client") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_id_user_users_id_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "test_runs_client_id_idx" ON "test_runs" USING btree ("id_client", "id" DESC);
--> statement-breakpoint
-- Starting a run is a person's write (recorded with its actor); its progress, written by the
-- server while the run goes on, is the run's own record and is not logged again.
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "test_runs" FOR EACH ROW EXECUTE FUNCTION "audit_row"('actor', 'details,finished_at,result', '', 'id');
