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
] as const
export type ErrorCode = (typeof errorCodes)[number]

export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>
