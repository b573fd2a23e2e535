-- The audit log (issue 15 item 2): every write of a person (and of the system where it is not
-- telemetry) recorded by the database itself, in the same transaction as the write. The actor is
-- a transaction-local setting, `kropla.actor` (JSON: user_id, email, id_client, home_client,
-- support, ip, via), set by db/actor-context.ts for every write made while serving a request.
-- Each audited table carries one row trigger calling audit_row() with its settings:
--   audit_row(mode, ignored columns, redacted columns, key columns[, 'global'])
-- mode 'all' records writes without an actor as the system's; mode 'actor' records only writes
-- made for a person (the runtime's and ingest's writes there are telemetry). Ignored columns
-- neither show nor count as a change; redacted columns show as "[redacted]" when they change.
-- See ADR 0069.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"id_client" integer,
	"actor_user" integer,
	"actor_email" text,
	"actor_client" integer,
	"support" boolean DEFAULT false NOT NULL,
	"ip" text,
	"via" text DEFAULT 'system' NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE INDEX "audit_log_client_at_idx" ON "audit_log" USING btree ("id_client", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC, "id" DESC);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "support_reason" text;
--> statement-breakpoint
CREATE FUNCTION "audit_record"(
	p_action text, p_entity text, p_entity_id text, p_id_client integer,
	p_before jsonb, p_after jsonb, p_reason text
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	actor jsonb := nullif(current_setting('kropla.actor', true), '')::jsonb;
BEGIN
	INSERT INTO "audit_log" ("id_client", "actor_user", "actor_email", "actor_client", "support", "ip", "via",
		"action", "entity", "entity_id", "before", "after", "reason")
	VALUES (
		p_id_client,
		(actor ->> 'user_id')::integer,
		actor ->> 'email',
		(actor ->> 'home_client')::integer,
		coalesce((actor ->> 'support')::boolean, false),
		actor ->> 'ip',
		coalesce(actor ->> 'via', 'system'),
		p_action, p_entity, p_entity_id, p_before, p_after, p_reason
	);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor text := nullif(current_setting('kropla.actor', true), '');
	ignored text[] := coalesce(string_to_array(nullif(TG_ARGV[1], ''), ','), '{}');
	redacted text[] := coalesce(string_to_array(nullif(TG_ARGV[2], ''), ','), '{}');
	keys text[] := coalesce(string_to_array(nullif(TG_ARGV[3], ''), ','), '{id}');
	old_row jsonb;
	new_row jsonb;
	before jsonb;
	after jsonb;
	whole jsonb;
	client integer;
	entity_id text;
	col text;
BEGIN
	-- A restore, or the system's writes on a table where they are telemetry.
	IF current_setting('kropla.audit', true) = 'off' THEN RETURN NULL; END IF;
	IF actor IS NULL AND TG_ARGV[0] = 'actor' THEN RETURN NULL; END IF;
	-- Rows a foreign key's ON DELETE removes or empties: the delete that caused them is recorded.
	IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
	IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - ignored; END IF;
	IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - ignored; END IF;
	IF TG_OP = 'UPDATE' THEN
		IF old_row = new_row THEN RETURN NULL; END IF;
		SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
			INTO before, after
			FROM jsonb_each(old_row) o
			WHERE o.value IS DISTINCT FROM new_row -> o.key;
	ELSE
		before := old_row;
		after := new_row;
	END IF;
	FOREACH col IN ARRAY redacted LOOP
		IF before -> col IS NOT NULL AND before -> col <> 'null'::jsonb THEN
			before := jsonb_set(before, ARRAY[col], '"[redacted]"');
		END IF;
		IF after -> col IS NOT NULL AND after -> col <> 'null'::jsonb THEN
			after := jsonb_set(after, ARRAY[col], '"[redacted]"');
		END IF;
	END LOOP;
	whole := coalesce(new_row, old_row);
	SELECT string_agg(coalesce(whole ->> k, ''), ',' ORDER BY ord) INTO entity_id
		FROM unnest(keys) WITH ORDINALITY AS u(k, ord);
	-- The client account the change belongs to: the row's own, its user's, none for the
	-- operator's system-wide rows ('global'), else the account the actor works in (link rows).
	IF TG_TABLE_NAME = 'clients' THEN
		client := (whole ->> 'id')::integer;
	ELSIF whole ? 'id_client' THEN
		client := coalesce((new_row ->> 'id_client')::integer, (old_row ->> 'id_client')::integer);
	ELSIF coalesce(whole ->> 'user_id', whole ->> 'id_user') IS NOT NULL THEN
		SELECT u."id_client" INTO client FROM "users" u
			WHERE u."id" = coalesce(whole ->> 'user_id', whole ->> 'id_user')::integer;
	ELSIF coalesce(TG_ARGV[4], '') <> 'global' THEN
		client := (actor::jsonb ->> 'id_client')::integer;
	END IF;
	PERFORM "audit_record"(lower(TG_OP), TG_TABLE_NAME, entity_id, client, before, after, NULL);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "clients" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', 'password_hash', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "user_clients" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', '', '', 'user_id,id_client');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "user_tokens" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'id', '', 'kind,user_id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "objects" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'connection,last_data_at,config_pending_id,config_sent_at', 'pin', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "outputs" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "water_sources" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "water_source_outputs" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', '', '', 'id_water_source,id_output');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "groups" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "group_objects" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', '', '', 'id_group,id_object');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "group_outputs" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', '', '', 'id_group,id_output');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "sections" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "section_groups" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', '', '', 'id_section,id_group');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "regions" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "region_objects" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', '', '', 'id_region,id_object');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "region_outputs" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', '', '', 'id_region,id_output');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "geo_objects" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "schedules" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at,planned_until', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "commands" FOR EACH ROW EXECUTE FUNCTION "audit_row"('actor', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "manual_opens" FOR EACH ROW EXECUTE FUNCTION "audit_row"('actor', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "alarms" FOR EACH ROW EXECUTE FUNCTION "audit_row"('actor', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "push_subscriptions" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'endpoint', 'keys', 'id_user');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "messages" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id', 'global');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "user_messages" FOR EACH ROW EXECUTE FUNCTION "audit_row"('actor', '', '', 'id_message,id_user');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "message_templates" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id', 'global');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "dashboards" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "weather_settings" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id_client');
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "report_templates" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'updated_at', '', 'id');
