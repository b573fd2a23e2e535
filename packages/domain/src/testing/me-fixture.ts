import type { MeResponse, MeUser, ObjectSummary } from '../me/me-schema'

/**
 * Test data for `/api/me`, shared by the server's and the browser's tests so the two cannot drift:
 * typed by the domain's schema, imported only by tests (`@kropla/domain/testing`).
 */

export function objectFixture(overrides: Partial<ObjectSummary> = {}): ObjectSummary {
  return {
    id: 1,
    name: 'Tomato field probe',
    serial: 'DEMO-TRIO-0001',
    last_device_model: 'AM-100-103',
    status: 1,
    marker: 0,
    location: null,
    firmware: null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_data_at: '2026-05-01T10:00:00.000Z',
    connection: 1,
    latest: {},
    ...overrides,
  }
}

/**
 * A user as `/api/me` shows them. Every setting is the one a new account starts with (the server's
 * test reads a fresh account's `/api/me` against this); the name, language and zones are a test's.
 */
export function meUserFixture(user: Partial<MeUser> = {}): MeUser {
  return {
    id: 7,
    email: 'demo@kropla.app',
    name: 'Anna',
    family_name: 'Nowak',
    type: 1,
    id_client: 3,
    client_name: 'Demo Farm Kropla',
    lang: 'en',
    time_zone: 'UTC',
    date_format: 'YYYY-MM-DD HH:mm:ss',
    temperature_unit: 'C',
    area_unit: 'ha',
    // Past the first run: most tests open the start screen without the first-run dialog (first-run.test.tsx sets false).
    hide_splash: true,
    phone: '',
    description: '',
    notify_sms: false,
    notify_email: true,
    notify_app: true,
    marketing_app: false,
    marketing_email: false,
    marketing_phone: false,
    marketing_mail: false,
    invited: false,
    ...user,
    // The farm counts in the user's zone unless a test sets another: most tests need only one zone.
    client_time_zone: user.client_time_zone ?? user.time_zone ?? 'UTC',
  }
}

/** What a test changes in the fixture: any top-level part, and any field of the user. */
export type MeOverrides = Partial<Omit<MeResponse, 'user'>> & { user?: Partial<MeUser> }

export function meFixture({ user, ...overrides }: MeOverrides = {}): MeResponse {
  return {
    user: meUserFixture(user),
    objects: [],
    outputsOpenings: [],
    unreadMessages: 0,
    assignedClients: [],
    components: [],
    ...overrides,
  }
}

/** A me with the user of the given type (0 adminus, 1 admin, 2 normal). */
export function meOfType(type: 0 | 1 | 2, user: Partial<MeUser> = {}): MeResponse {
  return meFixture({ user: { type, ...user } })
}
