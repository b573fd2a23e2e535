import { z } from 'zod'

/**
 * Error codes the server answers with. Each code is also the i18n key `errors.<code>`, so the
 * browser and the server show the same wording of the spec's error catalogue.
 */
export const errorCodes = [
  'not_authenticated',
  'incorrect_login',
  'csrf_invalid',
  'validation_failed',
  'access_denied',
  'not_found',
  'internal',
  'too_many_attempts',
  'account_blocked',
  'account_expired',
  'device_already_activated',
  'check_serial_pin',
  'device_cannot_open_account',
  'account_name_taken',
  'account_name_exists',
  'registration_failed',
  'reset_incorrect',
  'reset_failed',
  'link_invalid',
  'email_in_use',
  'password_incorrect',
  'checkbox_not_set',
  'last_admin',
  'switch_client_failed',
  'support_reason_required',
  'changes_not_saved',
  'malformed_json',
  'bad_request',
  'module_already_added',
  'module_already_activated',
  'module_add_failed',
  'save_failed',
  'nfc_unrecognized',
  'nfc_in_use',
  'resource_in_use',
  'group_save_failed',
  'region_save_failed',
  'object_save_failed',
  'water_source_save_failed',
  'section_save_failed',
  'device_save_failed',
  'element_not_found',
  'not_groupable',
  'interface_taken',
  'schedule_data_error',
  'schedule_save_failed',
  'schedule_pause_failed',
  'schedule_different_water_sources',
  'schedule_too_many_cycles',
  'schedule_too_long',
  'schedule_cycles_overlap',
  'schedule_interval_too_short',
  'schedule_no_elements',
  'schedule_no_days',
  'schedule_expires_before_begin',
  'schedule_empty_group',
  'schedule_not_irrigating',
  'schedule_ended',
  'manual_command_failed',
  'manual_minutes_invalid',
  'output_schedule_running',
  'command_failed',
  'command_timed_out',
  'command_expired',
  'module_offline',
  'alarm_active_not_deleted',
  'message_load_failed',
  'message_save_failed',
  'template_save_failed',
  'template_name_taken',
  'report_template_name_taken',
  'report_templates_too_many',
  'report_template_save_failed',
  'push_endpoint_refused',
  'push_not_subscribed',
  'push_test_failed',
  'dashboard_name_too_long',
  'dashboards_too_many',
  'dashboard_save_failed',
  'dashboard_only_one',
  'dashboard_too_many_widgets',
  'widget_no_device',
  'widget_no_parameter',
  'report_incorrect_data',
  'report_unknown_type',
  'report_sources_failed',
  'report_bad_range',
  'report_start_after_end',
  'report_in_future',
  'report_range_too_long',
  'serial_in_fleet',
  'csv_invalid',
  'secret_needs_account',
  'secret_on_its_way',
  'secret_external_broker',
  'geocoder_not_configured',
  'geocoder_failed',
  'test_seconds_range',
  'test_already_running',
  'test_no_outputs',
  'test_too_soon',
  'too_many_connections_user',
  'too_many_connections_address',
  'busy_try_again',
  'took_too_long',
  'import_running',
] as const
export type ErrorCode = (typeof errorCodes)[number]

/**
 * Rules of the spec's error catalogue (spec 01 sections 5 and 8: too many cycles, over 1440
 * minutes, cycle starts too close, different water sources ...) rather than a field's format. A
 * request breaking one is refused with that rule's own code and message, the problem still on its
 * field; other refusals answer `validation_failed` (ADR 0051).
 */
export const ruleErrorCodes = [
  'schedule_data_error',
  'schedule_pause_failed',
  'schedule_different_water_sources',
  'schedule_too_many_cycles',
  'schedule_too_long',
  'schedule_cycles_overlap',
  'schedule_interval_too_short',
  'schedule_no_elements',
  'schedule_no_days',
  'schedule_expires_before_begin',
  'schedule_empty_group',
  'schedule_not_irrigating',
  'manual_minutes_invalid',
  'dashboard_name_too_long',
  'dashboard_too_many_widgets',
  'widget_no_device',
  'widget_no_parameter',
  'test_seconds_range',
] as const satisfies readonly ErrorCode[]
const ruleKeys: ReadonlySet<string> = new Set(ruleErrorCodes.map((code) => `errors.${code}`))

/**
 * The code a refusal answers, from its issues' catalogue keys (`errors.<code>`) in the order the
 * schema found them: the first problem's rule when it is one of the catalogue's, else `fallback`
 * (a later rule is often a consequence of the first problem, e.g. every 0 days also overlaps).
 */
export function refusalCode(
  issueKeys: readonly string[],
  fallback: ErrorCode = 'validation_failed',
): ErrorCode {
  const first = issueKeys[0]
  return first !== undefined && ruleKeys.has(first) ? (first.slice('errors.'.length) as ErrorCode) : fallback
}

export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>
