-- Device secrets (issue 23 item 1, ADR 0087): a module logs in with a 32-byte secret; the PIN is
-- only its claim code. `objects.secret_hash` is the hex SHA-256 of the secret's 43 characters;
-- null: the module logs in with its PIN (made before secrets), throttled per serial everywhere.
-- `commands.secret` is the secret a `down/credentials` command carries, kept only while the command
-- is pending (an HTTP module collects it with an upload's answer) and emptied when it ends.
ALTER TABLE "objects" ADD COLUMN "secret_hash" text;
--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "secret" text;
--> statement-breakpoint
-- The audit log shows that a module's secret changed, never the hash; a command's secret never.
DROP TRIGGER "audit" ON "objects";
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "objects" FOR EACH ROW EXECUTE FUNCTION "audit_row"('all', 'connection,last_data_at,config_pending_id,config_sent_at', 'pin,secret_hash', 'id');
--> statement-breakpoint
DROP TRIGGER "audit" ON "commands";
--> statement-breakpoint
CREATE TRIGGER "audit" AFTER INSERT OR UPDATE OR DELETE ON "commands" FOR EACH ROW EXECUTE FUNCTION "audit_row"('actor', 'updated_at,secret', '', 'id');
