import { ApiRequestError } from '../../lib/api-error'

/** Spec 01 section 2: device, account name, e-mail and password, consents, success. */
export const registrationSteps = ['device', 'account', 'credentials', 'consents', 'done'] as const
export type RegistrationStep = (typeof registrationSteps)[number]

/** The fields each step asks for, by step index. */
export const stepFields: readonly (readonly string[])[] = [
  ['serial', 'pin'],
  ['account_name'],
  ['email', 'password', 'password_confirm'],
  ['terms', 'required_consents', 'marketing_app', 'marketing_email'],
]

/** Where each error of the registration catalogue (spec 01 section 8) belongs. */
const stepOfCode: Readonly<Record<string, number>> = {
  check_serial_pin: 0,
  device_already_activated: 0,
  device_cannot_open_account: 0,
  serial_invalid: 0,
  pin_invalid: 0,
  account_name_incorrect: 1,
  account_name_too_short: 1,
  account_name_taken: 1,
  email_in_use: 2,
  email_invalid: 2,
  password_too_short: 2,
  password_weak: 2,
  passwords_mismatch: 2,
  terms_not_accepted: 3,
  required_terms_not_accepted: 3,
}

/** Codes that concern one field, shown under it rather than above the step. */
export const fieldOfCode: Readonly<Record<string, string>> = {
  account_name_incorrect: 'account_name',
  account_name_too_short: 'account_name',
  account_name_taken: 'account_name',
  email_in_use: 'email',
  email_invalid: 'email',
}

export function stepOfField(field: string): number | null {
  const step = stepFields.findIndex((fields) => fields.includes(field))
  return step === -1 ? null : step
}

/**
 * The step a failed registration goes back to: the step of its code, or of the first field the
 * server's validation named; null when the error belongs to no step (registration_failed, network).
 */
export function stepOfError(error: unknown): number | null {
  if (!(error instanceof ApiRequestError)) return null
  const byCode = stepOfCode[error.code]
  if (byCode !== undefined) return byCode
  const steps = error.issues.map((issue) => stepOfField(issue.path)).filter((step) => step !== null)
  return steps.length ? Math.min(...steps) : null
}
