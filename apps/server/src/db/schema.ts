import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** Client accounts: the tenant of every other table. */
export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  type: smallint('type').notNull().default(0),
  full_name: text('full_name').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default('PL'),
  zip: text('zip').notNull().default(''),
  tax_number: text('tax_number').notNull().default(''),
  /** Billing and invoice data: name, email, tax_number, address, zip, city, country. */
  billing: jsonb('billing').notNull().default(sql`'{}'::jsonb`),
  /** Contact person: name, email, phone. */
  contact: jsonb('contact').notNull().default(sql`'{}'::jsonb`),
  correspondence_same: boolean('correspondence_same').notNull().default(true),
  /** Correspondence address when it differs: address, zip, city, country. */
  correspondence: jsonb('correspondence').notNull().default(sql`'{}'::jsonb`),
  expires_at: timestamp('expires_at', { withTimezone: true }),
  blocked: boolean('blocked').notNull().default(false),
  /** IANA name: the farm's schedules, plans and calendar days count in it. */
  time_zone: text('time_zone').notNull().default('Europe/Warsaw'),
  /** The farm's place: its address as typed and its point in degrees (both coordinates or neither). */
  farm_address: text('farm_address').notNull().default(''),
  farm_lat: doublePrecision('farm_lat'),
  farm_lng: doublePrecision('farm_lng'),
  created_at: createdAt(),
  updated_at: updatedAt(),
})

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    password_hash: text('password_hash'),
    name: text('name').notNull().default(''),
    family_name: text('family_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    description: text('description').notNull().default(''),
    type: smallint('type').notNull().default(2),
    lang: text('lang'),
    time_zone: text('time_zone'),
    date_format: text('date_format').notNull().default('YYYY-MM-DD HH:mm:ss'),
    temperature_unit: text('temperature_unit').notNull().default('C'),
    area_unit: text('area_unit').notNull().default('ha'),
    hide_splash: boolean('hide_splash').notNull().default(false),
    invited: boolean('invited').notNull().default(false),
    notify_sms: boolean('notify_sms').notNull().default(false),
    notify_email: boolean('notify_email').notNull().default(true),
    notify_app: boolean('notify_app').notNull().default(true),
    marketing_app: boolean('marketing_app').notNull().default(false),
    marketing_email: boolean('marketing_email').notNull().default(false),
    marketing_phone: boolean('marketing_phone').notNull().default(false),
    marketing_mail: boolean('marketing_mail').notNull().default(false),
    terms_accepted_at: timestamp('terms_accepted_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('users_id_client_idx').on(table.id_client)],
)

/** Server-side sessions; the cookie carries a random token, the table keeps only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id_client: integer('id_client').notNull(),
    csrf_token: text('csrf_token').notNull(),
    created_at: createdAt(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
    user_agent: text('user_agent').notNull().default(''),
    /** An operator's support access: why they switched into this (someone else's) client account. */
    support_reason: text('support_reason'),
  },
  (table) => [index('sessions_user_id_idx').on(table.user_id)],
)

/**
 * Objects (modules). The operator's fleet list and the activated modules are one table: a module
 * with no id_client is manufactured but not activated yet.
 */
export const objects = pgTable(
  'objects',
  {
    id: serial('id').primaryKey(),
    serial: text('serial').notNull().unique(),
    /** The claim code printed on the module; its login password only while `secret_hash` is null. */
    pin: text('pin').notNull(),
    /** Hex SHA-256 of the device secret the module logs in with (ADR 0087); null: PIN logins. */
    secret_hash: text('secret_hash'),
    last_device_model: text('last_device_model').notNull(),
    id_client: integer('id_client').references(() => clients.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    status: smallint('status').notNull().default(1),
    marker: smallint('marker').notNull().default(0),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    firmware: text('firmware'),
    base_station_id: integer('base_station_id'),
    config: jsonb('config').notNull().default(sql`'{}'::jsonb`),
    properties: jsonb('properties').notNull().default(sql`'{}'::jsonb`),
    connection: smallint('connection').notNull().default(0),
    /** The `down/config` command the module has not acknowledged yet: the reconfiguration warning. */
    config_pending_id: text('config_pending_id'),
    config_sent_at: timestamp('config_sent_at', { withTimezone: true }),
    created_at: createdAt(),
    activated_at: timestamp('activated_at', { withTimezone: true }),
    deactivated_at: timestamp('deactivated_at', { withTimezone: true }),
    last_data_at: timestamp('last_data_at', { withTimezone: true }),
  },
  (table) => [index('objects_id_client_idx').on(table.id_client)],
)

/**
 * Raw readings, one row per (object, field, ts): the primary key makes redelivery idempotent and
 * serves range queries by object, field and time. No foreign keys, to keep batched ingest cheap.
 */
export const readings = pgTable(
  'readings',
  {
    object_id: integer('object_id').notNull(),
    field: text('field').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    value: doublePrecision('value'),
    id_client: integer('id_client').notNull(),
  },
  (table) => [primaryKey({ columns: [table.object_id, table.field, table.ts] })],
)

/** The newest value of each field of each object, with the one before it (for trends and live rows). */
export const latest_readings = pgTable(
  'latest_readings',
  {
    object_id: integer('object_id').notNull(),
    field: text('field').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    value: doublePrecision('value'),
    prev_ts: timestamp('prev_ts', { withTimezone: true }),
    prev_value: doublePrecision('prev_value'),
    id_client: integer('id_client').notNull(),
  },
  (table) => [primaryKey({ columns: [table.object_id, table.field] })],
)

/**
 * Rollup columns of one (object, field, bucket): the values' count, sum, min and max and the
 * first and last value by reading time (not arrival), kept by the ingest statement.
 */
const rollupColumns = {
  object_id: integer('object_id').notNull(),
  field: text('field').notNull(),
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  id_client: integer('id_client').notNull(),
  count: integer('count').notNull(),
  sum: doublePrecision('sum').notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
  first_ts: timestamp('first_ts', { withTimezone: true }).notNull(),
  first_value: doublePrecision('first_value').notNull(),
  last_ts: timestamp('last_ts', { withTimezone: true }).notNull(),
  last_value: doublePrecision('last_value').notNull(),
}

/** Readings rolled up per UTC hour (`bucket` the hour's start). */
export const readings_hourly = pgTable('readings_hourly', rollupColumns, (table) => [
  primaryKey({
    name: 'readings_hourly_pk',
    columns: [table.object_id, table.field, table.bucket, table.id_client],
  }),
])

/**
 * Readings rolled up per local calendar day of the client account (`day`; `bucket` its local
 * midnight as an instant: days of 23 and 25 hours are whole days).
 */
export const readings_daily = pgTable(
  'readings_daily',
  { ...rollupColumns, day: date('day').notNull() },
  (table) => [
    primaryKey({
      name: 'readings_daily_pk',
      columns: [table.object_id, table.field, table.day, table.id_client],
    }),
  ],
)

/** Rejected device messages and fields, counted per module and reason; the last detail is kept. */
export const ingest_rejections = pgTable(
  'ingest_rejections',
  {
    serial: text('serial').notNull(),
    reason: text('reason').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    last_at: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    last_detail: text('last_detail').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.serial, table.reason] })],
)

/** Further client accounts a user may switch to, with the user's type in each (spec: assignedClients). */
export const user_clients = pgTable(
  'user_clients',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull().default(2),
    created_at: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.id_client] })],
)

/** One-time links: password reset and invitation. Only the token's hash is kept. */
export const user_tokens = pgTable(
  'user_tokens',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (table) => [index('user_tokens_user_id_idx').on(table.user_id)],
)

/** Failed logins per key (account, address, account+address), for growing delays, never lockouts. */
export const login_failures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  last_failure_at: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  blocked_until: timestamp('blocked_until', { withTimezone: true }),
})

/**
 * Outputs and input equipment wired to a module terminal (spec 01 section 3, Output / device):
 * one per (object, field_name). A module's outputs are created with it; AM-600 inputs by the user.
 */
export const outputs = pgTable(
  'outputs',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    id_object: integer('id_object')
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    field_name: text('field_name').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    properties: jsonb('properties').notNull().default(sql`'{}'::jsonb`),
    id_water_source: integer('id_water_source').references(() => water_sources.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex('outputs_object_field_idx').on(table.id_object, table.field_name),
    index('outputs_id_client_idx').on(table.id_client),
  ],
)

export const water_sources = pgTable(
  'water_sources',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    efficiency: doublePrecision('efficiency').notNull().default(0),
    properties: jsonb('properties').notNull().default(sql`'{}'::jsonb`),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('water_sources_id_client_idx').on(table.id_client)],
)

/** The outputs that deliver a water source's water: clean, or fertigated when `fertigation`. */
export const water_source_outputs = pgTable(
  'water_source_outputs',
  {
    id_water_source: integer('id_water_source')
      .notNull()
      .references(() => water_sources.id, { onDelete: 'cascade' }),
    id_output: integer('id_output')
      .notNull()
      .references(() => outputs.id, { onDelete: 'restrict' }),
    fertigation: boolean('fertigation').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.id_water_source, table.id_output] }),
    index('water_source_outputs_output_idx').on(table.id_output),
  ],
)

/** Groups of modules or of outputs (`scope`). */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    scope: text('scope').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('groups_id_client_idx').on(table.id_client)],
)

export const group_objects = pgTable(
  'group_objects',
  {
    id_group: integer('id_group')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    id_object: integer('id_object')
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.id_group, table.id_object] }),
    index('group_objects_object_idx').on(table.id_object),
  ],
)

export const group_outputs = pgTable(
  'group_outputs',
  {
    id_group: integer('id_group')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    id_output: integer('id_output')
      .notNull()
      .references(() => outputs.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.id_group, table.id_output] }),
    index('group_outputs_output_idx').on(table.id_output),
  ],
)

/** Irrigation zones (spec 01 section 3, Section). */
export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: smallint('type').notNull().default(0),
    description: text('description').notNull().default(''),
    area: doublePrecision('area').notNull().default(0),
    flow: doublePrecision('flow').notNull().default(0),
    id_water_source: integer('id_water_source').references(() => water_sources.id, { onDelete: 'set null' }),
    soil_type: smallint('soil_type'),
    plant: smallint('plant'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('sections_id_client_idx').on(table.id_client)],
)

export const section_groups = pgTable(
  'section_groups',
  {
    id_section: integer('id_section')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    id_group: integer('id_group')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.id_section, table.id_group] }),
    index('section_groups_group_idx').on(table.id_group),
  ],
)

/** Map regions: a polygon of `points` ({lng, lat}[]), and the modules and outputs in it. */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    points: jsonb('points').notNull().default(sql`'[]'::jsonb`),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('regions_id_client_idx').on(table.id_client)],
)

export const region_objects = pgTable(
  'region_objects',
  {
    id_region: integer('id_region')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    id_object: integer('id_object')
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.id_region, table.id_object] }),
    index('region_objects_object_idx').on(table.id_object),
  ],
)

export const region_outputs = pgTable(
  'region_outputs',
  {
    id_region: integer('id_region')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    id_output: integer('id_output')
      .notNull()
      .references(() => outputs.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.id_region, table.id_output] }),
    index('region_outputs_output_idx').on(table.id_output),
  ],
)

export const geo_objects = pgTable(
  'geo_objects',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    marker: smallint('marker').notNull().default(1),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('geo_objects_id_client_idx').on(table.id_client)],
)

/*
 * Irrigation control (issue 5). A schedule's definition (rule, cycles, fertigation, conditions,
 * elements) is one jsonb validated by the domain's `scheduleDefinitionSchema`; the columns are what
 * the runner and the lists filter on.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 0 manual (one-off manual schedules), above 0 automatic: see the domain's `scheduleTypes`. */
    type: smallint('type').notNull(),
    /** 0 standard, 1 higher. */
    priority: smallint('priority').notNull().default(0),
    begin_date: text('begin_date').notNull(),
    expiration_date: text('expiration_date'),
    /** The account's IANA time zone when saved: days and start times are counted in it. */
    time_zone: text('time_zone').notNull(),
    definition: jsonb('definition').notNull(),
    paused_from: timestamp('paused_from', { withTimezone: true }),
    paused_until: timestamp('paused_until', { withTimezone: true }),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    /** Runs are expanded up to here; the runner extends the horizon as time passes. */
    planned_until: timestamp('planned_until', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('schedules_id_client_idx').on(table.id_client)],
)

/**
 * Output plans: one planned or executed opening of one output (spec 01 section 3). `role` says
 * whether the output is a schedule element or a water source's clean or fertigation output opened
 * alongside (spec 02 section 7: Scheduler_outputs_plans and Scheduler_sources_plans).
 */
export const outputs_plans = pgTable(
  'outputs_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    id_schedule: integer('id_schedule').references(() => schedules.id, { onDelete: 'cascade' }),
    id_output: integer('id_output')
      .notNull()
      .references(() => outputs.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('element'),
    id_water_source: integer('id_water_source').references(() => water_sources.id, { onDelete: 'set null' }),
    /** The schedule element this run belongs to (index in the definition's elements) and its cycle. */
    element_index: smallint('element_index'),
    cycle: smallint('cycle').notNull().default(1),
    /** When the schedule meant it to open, and when it will or did open after overlaps were resolved. */
    planned_at: timestamp('planned_at', { withTimezone: true }).notNull(),
    open_at: timestamp('open_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    fertigation: boolean('fertigation').notNull().default(false),
    /** See the domain's `planStatus`: 0 planned … 10 executed. */
    status: smallint('status').notNull().default(0),
    /** The output's state the module reported during the run: null not yet, 1 open, 0 closed. */
    confirmed_state: smallint('confirmed_state'),
    fertigation_confirm_state: smallint('fertigation_confirm_state'),
    manual_status: smallint('manual_status'),
    id_command: text('id_command'),
    error: text('error'),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    uniqueIndex('outputs_plans_run_idx').on(table.id_schedule, table.id_output, table.role, table.planned_at),
    index('outputs_plans_client_open_idx').on(table.id_client, table.open_at),
    index('outputs_plans_due_idx').on(table.status, table.open_at),
    index('outputs_plans_output_idx').on(table.id_output, table.open_at),
  ],
)

/** Commands to modules (`down/cmd`), tracked by the module's `up/ack` (spec 01 section 4). */
export const commands = pgTable(
  'commands',
  {
    id: text('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    id_object: integer('id_object')
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('set_output'),
    /** The `outputs` of the published `down/cmd`: {"o1": {"on": true, "minutes": 15}}. */
    outputs: jsonb('outputs').notNull(),
    /** Who asked: 'user', 'manual' or 'plan'. */
    source: text('source').notNull(),
    id_user: integer('id_user').references(() => users.id, { onDelete: 'set null' }),
    /** Below 3 pending and tracked, above 2 finished; 4 cancelled, 10 success, others errors. */
    status: smallint('status').notNull().default(0),
    error: text('error'),
    /** A `credentials` command's device secret, kept only while the command is pending. */
    secret: text('secret'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    acked_at: timestamp('acked_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index('commands_client_created_idx').on(table.id_client, table.created_at),
    index('commands_object_status_idx').on(table.id_object, table.status),
  ],
)

/** Manual openings of an output, timed (`minutes`) or permanent (null). */
export const manual_opens = pgTable(
  'manual_opens',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    id_output: integer('id_output')
      .notNull()
      .references(() => outputs.id, { onDelete: 'cascade' }),
    id_user: integer('id_user').references(() => users.id, { onDelete: 'set null' }),
    minutes: integer('minutes'),
    /** 0 awaiting opening … 10 success (closed as asked), 4 or lower busy; see the domain's `manualStatus`. */
    status: smallint('status').notNull().default(0),
    open_at: timestamp('open_at', { withTimezone: true }).notNull(),
    close_at: timestamp('close_at', { withTimezone: true }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    id_command: text('id_command'),
    error: text('error'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index('manual_opens_client_idx').on(table.id_client, table.status),
    index('manual_opens_output_idx').on(table.id_output, table.status),
  ],
)

/*
 * Alarms, notifications and messages (issue 6).
 */
export const alarms = pgTable(
  'alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    id_object: integer('id_object')
      .notNull()
      .references(() => objects.id, { onDelete: 'cascade' }),
    /** `<field>_lt`, `<field>_gt` or `no_data`. */
    alarm_name: text('alarm_name').notNull(),
    field: text('field'),
    threshold: doublePrecision('threshold'),
    /** The reading that raised it. */
    value: doublePrecision('value'),
    activation_date: timestamp('activation_date', { withTimezone: true }).notNull(),
    inactivation_date: timestamp('inactivation_date', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    confirmation_date: timestamp('confirmation_date', { withTimezone: true }),
    confirmed_by: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmation_user_name: text('confirmation_user_name'),
    deleted: boolean('deleted').notNull().default(false),
    deletion_date: timestamp('deletion_date', { withTimezone: true }),
    deleted_by: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: updatedAt(),
  },
  (table) => [
    index('alarms_client_activation_idx').on(table.id_client, table.activation_date),
    uniqueIndex('alarms_one_active_idx').on(table.id_object, table.alarm_name).where(sql`${table.active}`),
  ],
)

/** One row per alarm activation, user and channel: the unique key makes delivery happen once. */
export const alarm_notifications = pgTable(
  'alarm_notifications',
  {
    id_alarm: bigint('id_alarm', { mode: 'number' })
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** 'pending', 'sent', 'failed' or 'skipped' (e.g. SMS without a phone number). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    created_at: createdAt(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.id_alarm, table.id_user, table.channel] })],
)

/** Web Push subscriptions of a user's browsers. */
export const push_subscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keys: jsonb('keys').notNull(),
    created_at: createdAt(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.id_user)],
)

/** Secrets generated once and shared by every server process (e.g. the VAPID key pair). */
export const app_secrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  created_at: createdAt(),
})

/** Operator messages (spec 01 section 3), in Polish and English. */
export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  subject_pl: text('subject_pl').notNull(),
  subject_en: text('subject_en').notNull(),
  content_pl: text('content_pl').notNull(),
  content_en: text('content_en').notNull(),
  type: smallint('type').notNull().default(0),
  address: text('address').notNull().default(''),
  /** {"kind": "all"} | {"kind": "users", "ids": [...]} | {"kind": "clients", "ids": [...]}. */
  recipients: jsonb('recipients').notNull(),
  publication_date: timestamp('publication_date', { withTimezone: true }).notNull(),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
  created_at: createdAt(),
  updated_at: updatedAt(),
})

/** A message as one user has it: read or unread, deleted on their side. */
export const user_messages = pgTable(
  'user_messages',
  {
    id_message: integer('id_message')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    id_user: integer('id_user')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_date: timestamp('read_date', { withTimezone: true }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.id_message, table.id_user] }),
    index('user_messages_user_idx').on(table.id_user),
  ],
)

export const message_templates = pgTable('message_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  subject_pl: text('subject_pl').notNull().default(''),
  subject_en: text('subject_en').notNull().default(''),
  content_pl: text('content_pl').notNull().default(''),
  content_en: text('content_en').notNull().default(''),
  type: smallint('type').notNull().default(0),
  created_at: createdAt(),
  updated_at: updatedAt(),
})

/**
 * Dashboards of a client account (spec 01 section 3), shown in `position` order. `widgets` is the
 * domain's widget list (type, options, place on the grid), validated on every write.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    widgets: jsonb('widgets').notNull().default(sql`'[]'::jsonb`),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('dashboards_id_client_idx').on(table.id_client, table.position)],
)

/**
 * The account's weather stations (/settings/weather): the AM-200 for the air and the AM-600 inputs
 * set up as rain gauge and anemometer. Every read joins the module or input back to the account.
 */
export const weather_settings = pgTable('weather_settings', {
  id_client: integer('id_client')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  air_object_id: integer('air_object_id').references(() => objects.id, { onDelete: 'set null' }),
  rain_output_id: integer('rain_output_id').references(() => outputs.id, { onDelete: 'set null' }),
  wind_output_id: integer('wind_output_id').references(() => outputs.id, { onDelete: 'set null' }),
  updated_at: updatedAt(),
})

/**
 * Saved report requests of a client account (the reports creator's templates): the request as
 * the domain's report request schema, validated on every write; names unique per account
 * whatever the letter case.
 */
export const report_templates = pgTable(
  'report_templates',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    request: jsonb('request').notNull(),
    range_days: integer('range_days'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [uniqueIndex('report_templates_client_name_idx').on(table.id_client, sql`lower(${table.name})`)],
)

/**
 * The audit log (issue 15): every write of a person, and the system's writes that are not
 * telemetry, recorded by the `audit_row()` trigger of each audited table in the same transaction
 * as the write (migration 0010). The actor comes from the transaction's `kropla.actor` setting
 * (db/actor-context.ts); `before` and `after` hold the changed columns of an update, the whole row
 * of an insert or delete, secrets redacted.
 */
export const audit_log = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The client account the change belongs to; null for the operator's system-wide rows. */
    id_client: integer('id_client'),
    /** Who: null for the system (ingest, the runtime, timers) and for anonymous requests. */
    actor_user: integer('actor_user'),
    actor_email: text('actor_email'),
    /** The actor's own client account (an operator on support access works in another). */
    actor_client: integer('actor_client'),
    /** Made by an operator switched into the account (support access). */
    support: boolean('support').notNull().default(false),
    ip: text('ip'),
    /** 'http', 'socket', 'cli' or 'system'. */
    via: text('via').notNull().default('system'),
    /** 'insert', 'update', 'delete', 'switch_in' or 'switch_out'. */
    action: text('action').notNull(),
    /** The table, or 'support' for switching in and out. */
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
  },
  (table) => [
    index('audit_log_client_at_idx').on(table.id_client, table.at.desc(), table.id.desc()),
    index('audit_log_at_idx').on(table.at.desc(), table.id.desc()),
  ],
)

/**
 * The test area's runs (issue 16, migration 0012): who ran which test on what, when, the result
 * (`running`, `pass`, `fail`, `partial`) and each item's result and reason in `details`
 * (the domain's testRunDetailsSchema). `subject_name` keeps the subject's name of the time.
 */
export const test_runs = pgTable(
  'test_runs',
  {
    id: serial('id').primaryKey(),
    id_client: integer('id_client')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    id_user: integer('id_user').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    subject_id: integer('subject_id'),
    subject_name: text('subject_name').notNull().default(''),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    result: text('result').notNull().default('running'),
    details: jsonb('details').notNull().default({ items: [] }),
  },
  (table) => [index('test_runs_client_id_idx').on(table.id_client, table.id.desc())],
)
