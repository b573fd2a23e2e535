import { z } from 'zod'
import { fleetSecretEntrySchema } from '../fleet/device-secret'
import { fleetModuleSchema } from '../fleet/fleet-module'

/**
 * The operator's (Adminus) back office, spec 01 section 2 "/admin": the answers of
 * `/api/admin/...` and their request bodies. Dates are ISO strings in UTC.
 */

const isoDate = z.string()

/** A module that has sent nothing for a while, the longest silent first. */
export const silentModuleSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  name: z.string(),
  id_client: z.number().int().nullable(),
  client_name: z.string().nullable(),
  last_data_at: isoDate.nullable(),
})
export type SilentModule = z.infer<typeof silentModuleSchema>

/** `GET /api/admin/overview`: fleet and account figures, silent modules, accounts nearing expiry. */
export const operatorOverviewSchema = z.object({
  clients: z.object({
    total: z.number().int(),
    blocked: z.number().int(),
    expired: z.number().int(),
  }),
  users: z.number().int(),
  fleet: z.object({
    total: z.number().int(),
    activated: z.number().int(),
    connected: z.number().int(),
    silent: z.number().int(),
  }),
  /** The window that makes a module silent, and an account's expiry "near". */
  silent_after_hours: z.number().int(),
  expiring_within_days: z.number().int(),
  silent_modules: z.array(silentModuleSchema),
  expiring_clients: z.array(
    z.object({ id: z.number().int(), name: z.string(), expires_at: isoDate, blocked: z.boolean() }),
  ),
})
export type OperatorOverview = z.infer<typeof operatorOverviewSchema>

/** One client account on the operator's list. */
export const operatorClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  /** 0 individual, 1 company. */
  type: z.number().int(),
  city: z.string(),
  country: z.string(),
  blocked: z.boolean(),
  expires_at: isoDate.nullable(),
  created_at: isoDate,
  users: z.number().int(),
  modules: z.number().int(),
})
export type OperatorClient = z.infer<typeof operatorClientSchema>

/** One user of any account. */
export const operatorUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  family_name: z.string(),
  phone: z.string(),
  /** 0 adminus, 1 admin, 2 normal. */
  type: z.number().int(),
  id_client: z.number().int(),
  client_name: z.string(),
  invited: z.boolean(),
  created_at: isoDate,
  /** Live sessions the user has now. */
  sessions: z.number().int(),
})
export type OperatorUser = z.infer<typeof operatorUserSchema>

/** One module of the fleet (manufactured; activated in an account or not). */
export const operatorModuleSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  model: z.string(),
  name: z.string(),
  /** 0 inactive, 1 active. */
  status: z.number().int(),
  /** 0 disconnected, 1 connected. */
  connection: z.number().int(),
  id_client: z.number().int().nullable(),
  client_name: z.string().nullable(),
  firmware: z.string().nullable(),
  created_at: isoDate,
  activated_at: isoDate.nullable(),
  last_data_at: isoDate.nullable(),
  /** Ingest messages refused for this serial, all reasons together. */
  rejections: z.number().int(),
  /**
   * How the module logs in (ADR 0087): with its device secret, or with its PIN (made before
   * secrets: 4 digits, throttled per serial from everywhere; the operator moves it onto a secret).
   */
  login: z.enum(['secret', 'pin']),
  /** The last failed login (wrong password, or refused while throttled); null: none recorded. */
  last_failed_login_at: isoDate.nullable(),
  /** A failed login within the last `failed_login_hours`: someone may be guessing its password. */
  failed_logins_recent: z.boolean(),
})
export type OperatorModule = z.infer<typeof operatorModuleSchema>
/** The window of `failed_logins_recent`: a day, as long as the device login throttle remembers a failure. */
export const failedLoginHours = 24

/** Why ingest refused a module's messages, per reason: how often, when last, the last detail. */
export const ingestRejectionSchema = z.object({
  reason: z.string(),
  count: z.number().int(),
  last_at: isoDate,
  last_detail: z.string(),
})
export type IngestRejection = z.infer<typeof ingestRejectionSchema>

/**
 * The last `down/credentials` the operator sent the module (its secret never leaves the server):
 * command statuses as everywhere (below 3 on its way, 10 done, 5 rejected, 6 timed out).
 */
export const credentialsCommandStateSchema = z.object({
  id: z.string(),
  status: z.number().int(),
  error: z.string().nullable(),
  created_at: isoDate,
  acked_at: isoDate.nullable(),
})
export type CredentialsCommandState = z.infer<typeof credentialsCommandStateSchema>

export const operatorModuleDetailSchema = operatorModuleSchema.extend({
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  ingest_rejections: z.array(ingestRejectionSchema),
  credentials: credentialsCommandStateSchema.nullable(),
})
export type OperatorModuleDetail = z.infer<typeof operatorModuleDetailSchema>

export const operatorClientDetailSchema = operatorClientSchema.extend({
  tax_number: z.string(),
  address: z.string(),
  zip: z.string(),
  time_zone: z.string(),
  user_list: z.array(operatorUserSchema),
  module_list: z.array(operatorModuleSchema),
})
export type OperatorClientDetail = z.infer<typeof operatorClientDetailSchema>

/** `PUT /api/admin/clients/{id}/access`: block or unblock, set or clear the expiry (either or both). */
export const clientAccessChangeSchema = z
  .object({
    blocked: z.boolean().optional(),
    /** ISO date-time; null: never expires. */
    expires_at: z.iso
      .datetime({ offset: true, error: 'errors.date_invalid' })
      .refine((text) => !Number.isNaN(Date.parse(text)), { error: 'errors.date_invalid' })
      .refine(
        (text) => {
          const year = new Date(text).getUTCFullYear()
          return year >= 2000 && year <= 2100
        },
        { error: 'errors.date_out_of_range' },
      )
      .nullable()
      .optional(),
  })
  .refine((change) => change.blocked !== undefined || change.expires_at !== undefined, {
    error: 'errors.nothing_to_change',
  })
export type ClientAccessChange = z.infer<typeof clientAccessChangeSchema>

/**
 * One line of a fleet CSV: serial, pin, model (the same rules as a module added one by one) and an
 * optional secret column. The back office never makes a secret, since it never shows one: a line
 * without a secret (empty or `none`) is a module made before secrets, which logs in with its PIN.
 */
export const fleetCsvLineSchema = fleetModuleSchema.omit({ secret: true }).extend({
  secret: fleetSecretEntrySchema.transform((entry) => (entry === 'none' ? undefined : entry)),
})
export const fleetCsvMaxBytes = 2_000_000

/** `POST /api/admin/devices/import`: the CSV's text, a header line naming serial, pin and model. */
export const fleetImportRequestSchema = z.object({
  csv: z
    .string()
    .min(1, { error: 'errors.csv_empty' })
    .max(fleetCsvMaxBytes, { error: 'errors.csv_too_big' }),
})

/** One refused line of a fleet CSV: its number in the file (the header is line 1) and its problems (error keys). */
export const fleetImportProblemSchema = z.object({
  line: z.number().int(),
  serial: z.string(),
  /** Each problem: the column (`serial`, `pin`, `model`, or `line` for the whole line) and an error key. */
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
})
export type FleetImportProblem = z.infer<typeof fleetImportProblemSchema>

/** The import's report: all or nothing, so `imported` is 0 whenever a line is refused. */
export const fleetImportReportSchema = z.object({
  lines: z.number().int(),
  imported: z.number().int(),
  problems: z.array(fleetImportProblemSchema),
})
export type FleetImportReport = z.infer<typeof fleetImportReportSchema>

/**
 * A fleet import running in the background (ADR 0094): `checking` its lines, then `importing`
 * them a part at a time; it ends `done` (all imported), `refused` (lines refused: none imported)
 * or `failed` (`error`, an error key). `done_lines` counts the lines through the current step.
 */
export const fleetImportStates = ['checking', 'importing', 'done', 'refused', 'failed'] as const
export const fleetImportJobSchema = fleetImportReportSchema.extend({
  id: z.string(),
  state: z.enum(fleetImportStates),
  done_lines: z.number().int(),
  error: z.string().nullable(),
})
export type FleetImportJob = z.infer<typeof fleetImportJobSchema>
/** Whether an import has ended (nothing more to poll for). */
export const fleetImportEnded = (job: Pick<FleetImportJob, 'state'>) =>
  job.state === 'done' || job.state === 'refused' || job.state === 'failed'
/** A file with more data lines than this is imported in the background: the answer is the job. */
export const fleetImportAtOnceLines = 1000

/** `POST /api/admin/devices/import`: the report of a small file, the job of a larger one. */
export const fleetImportAnswerSchema = z.union([fleetImportJobSchema, fleetImportReportSchema])
export type FleetImportAnswer = z.infer<typeof fleetImportAnswerSchema>

/** An alarm of any account, as the operator lists them. */
export const operatorAlarmSchema = z.object({
  id: z.number().int(),
  id_client: z.number().int(),
  client_name: z.string(),
  id_object: z.number().int(),
  object_name: z.string(),
  serial: z.string(),
  /** The module's model: the catalogue gives the field's name and unit. */
  model: z.string(),
  alarm_name: z.string(),
  field: z.string().nullable(),
  threshold: z.number().nullable(),
  value: z.number().nullable(),
  active: z.boolean(),
  activation_date: isoDate,
  inactivation_date: isoDate.nullable(),
  confirmation_date: isoDate.nullable(),
  confirmation_user_name: z.string().nullable(),
})
export type OperatorAlarm = z.infer<typeof operatorAlarmSchema>

export const confirmAlarmsRequestSchema = z.object({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(10_000),
})
export const confirmAlarmsAnswerSchema = z.object({ confirmed: z.number().int() })

/** `GET /api/admin/users_messages/{id}`: who got one message and whether they read it. */
export const messageReaderSchema = z.object({
  id_user: z.number().int(),
  email: z.string(),
  name: z.string(),
  client_name: z.string(),
  read_date: isoDate.nullable(),
  deleted_at: isoDate.nullable(),
})
export type MessageReader = z.infer<typeof messageReaderSchema>

/** The operator's single-module form: the fleet module's fields. */
export const addFleetModuleSchema = fleetModuleSchema
