import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
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
    pin: text('pin').notNull(),
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
