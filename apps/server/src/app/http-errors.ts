import { refusalCode } from '@kropla/domain'
import { translate } from '@kropla/i18n'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { type ErrorCode, pickLangFromRequest } from './request-lang'

const statusOf: Partial<Record<ErrorCode, number>> = {
  not_authenticated: 401,
  incorrect_login: 401,
  csrf_invalid: 403,
  access_denied: 403,
  not_found: 404,
  internal: 500,
  too_many_attempts: 429,
  test_too_soon: 429,
  busy_try_again: 429,
  took_too_long: 503,
  import_running: 409,
  account_blocked: 403,
  account_expired: 403,
  registration_failed: 500,
  reset_failed: 500,
  changes_not_saved: 500,
  resource_in_use: 409,
  interface_taken: 409,
  group_save_failed: 500,
  region_save_failed: 500,
  dashboards_too_many: 409,
  dashboard_only_one: 409,
  dashboard_save_failed: 500,
  object_save_failed: 500,
  water_source_save_failed: 500,
  section_save_failed: 500,
  device_save_failed: 500,
  message_save_failed: 500,
  template_save_failed: 500,
  template_name_taken: 409,
  serial_in_fleet: 409,
  secret_needs_account: 409,
  secret_on_its_way: 409,
  secret_external_broker: 409,
  report_template_name_taken: 409,
  report_templates_too_many: 409,
  report_template_save_failed: 500,
  test_already_running: 409,
  test_no_outputs: 409,
  push_not_subscribed: 404,
  push_test_failed: 502,
}

/** A field problem: `path` dotted (`properties.flow`), `message` an i18n key `errors.<code>` or text. */
export interface FieldIssue {
  path: string
  message: string
}

/**
 * A failure a service means the user to see: its code is also the i18n key `errors.<code>`.
 * The error handler answers it with sendError.
 */
export class HttpError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    options: {
      status?: number
      params?: Record<string, string | number>
      issues?: FieldIssue[]
      /** Sent as `Retry-After` (seconds): when a refused request may be tried again. */
      retryAfterSeconds?: number
    } = {},
  ) {
    super(code)
    this.status = options.status ?? statusOf[code] ?? 400
    this.params = options.params
    this.issues = options.issues
    this.retryAfterSeconds = options.retryAfterSeconds
  }
  readonly params: Record<string, string | number> | undefined
  readonly issues: FieldIssue[] | undefined
  readonly retryAfterSeconds: number | undefined
}

/**
 * The catalogue key of a schema problem: the schema's own key (`errors.<code>`), or for zod's own
 * (English) wording the catalogue's, so that every problem reads in the user's language.
 */
export function issueKey(issue: { code: string; message?: string }): string {
  const message = issue.message ?? ''
  if (message.startsWith('errors.')) return message
  if (issue.code === 'invalid_type' && /received undefined/.test(message)) return 'errors.field_required'
  if (issue.code === 'too_small') return 'errors.too_small'
  if (issue.code === 'too_big') return 'errors.too_big'
  return 'errors.validation_failed'
}

/**
 * The refusal of a request whose content breaks a rule, whether the route schema, a handler or a
 * service finds it: 400 (ADR 0051) with the code of the
 * catalogue rule it breaks (`refusalCode`), else `fallback`, and each problem on its dotted path.
 */
export function validationFailed(
  error: z.ZodError | FieldIssue[],
  fallback: ErrorCode = 'validation_failed',
): HttpError {
  const issues = Array.isArray(error)
    ? error
    : error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issueKey(issue) }))
  return new HttpError(
    refusalCode(
      issues.map((issue) => issue.message),
      fallback,
    ),
    { issues },
  )
}

/** Answers `{error, message}` with the message in the request's language; other codes are 400. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number = statusOf[code] ?? 400,
  params?: Record<string, string | number>,
  issues?: FieldIssue[],
) {
  const lang = pickLangFromRequest(request)
  const message = translate(lang, `errors.${code}`, params)
  if (!issues) return reply.code(status).send({ error: code, message })
  const translated = issues.map((issue) => ({
    path: issue.path,
    message: issue.message.startsWith('errors.') ? translate(lang, issue.message) : issue.message,
  }))
  return reply.code(status).send({ error: code, message, issues: translated })
}
