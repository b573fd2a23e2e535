import path from 'node:path'
import { z } from 'zod'

const port = z.coerce.number().int().min(0).max(65535)
const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((value) => value === '1' || value === 'true' || value === 'yes')

const url = (protocols: string[]) =>
  z.url({
    protocol: new RegExp(`^(${protocols.join('|')})$`),
    error: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  })

/**
 * A name the server may be reached by, for mailed links: `host[:port]` (plain HTTP, as the server
 * itself serves) or an origin `http(s)://host[:port]`; no path, user or query.
 */
export interface AllowedHost {
  /** As a request's Host header names it: lower case, without the scheme's default port. */
  host: string
  /** What a mailed link starts with. */
  origin: string
}

function parseAllowedHost(entry: string): AllowedHost | null {
  let parsed: URL
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? entry : `http://${entry}`)
  } catch {
    return null
  }
  const bare =
    parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username && !parsed.password
  // No wildcards: every name is written out.
  if (!['http:', 'https:'].includes(parsed.protocol) || !bare || parsed.host.includes('*')) return null
  return { host: parsed.host, origin: parsed.origin }
}

/** ALLOWED_HOSTS: comma-separated names (`farm.example.com`, `192.168.1.10:8080`, `https://kropla.example`). */
const allowedHosts = z.string().transform((value, context) => {
  const hosts: AllowedHost[] = []
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (!entry) continue
    const host = parseAllowedHost(entry)
    if (!host) {
      context.addIssue({
        code: 'custom',
        message: `"${entry}" is no host name, host:port or http(s) origin (comma-separated, no path)`,
      })
      return z.NEVER
    }
    if (!hosts.some((known) => known.origin === host.origin)) hosts.push(host)
  }
  return hosts
})

/** Every setting, validated once at start-up (architecture brief, "Configuration"). */
const settingsSchema = z.object({
  /** `production` requires PUBLIC_URL or ALLOWED_HOSTS (mailed links); any other value changes nothing. */
  NODE_ENV: z.string().optional(),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  MQTT_PORT: port.default(1883),
  MQTT_URL: url(['mqtt', 'mqtts', 'tcp', 'ws', 'wss']).optional(),
  /**
   * With MQTT_URL: the broker is Mosquitto 2 with its dynamic-security plugin, and the server keeps
   * its module logins and topic rights in step with the fleet (ADR 0091). MQTT_URL's user must be
   * allowed the plugin's control topic (the `admin` role `mosquitto_ctrl dynsec init` makes).
   */
  MQTT_DYNSEC: flag.default(false),
  /**
   * Offers the HTTP authentication and authorization hook an external broker such as EMQX calls
   * (POST /broker/v1/authenticate and /broker/v1/authorize, ADR 0091); the broker sends it as
   * `Authorization: Bearer <token>`. Without it there is no hook.
   */
  MQTT_HOOK_TOKEN: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  /** How often the fleet is compared with the broker's logins (MQTT_DYNSEC): a module added or removed elsewhere is in step within this. */
  MQTT_DYNSEC_SYNC_MS: z.coerce.number().int().min(200).max(600_000).default(3000),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  /**
   * Without PUBLIC_URL, the names the server may be reached by: a mailed link takes the one the
   * request came to, else the first. Never a request's own Host (a forged one would take a
   * reset token to another site).
   */
  ALLOWED_HOSTS: allowedHosts.default([]),
  /**
   * Concurrent socket.io connections (one per open window of the app) of one user, and from one
   * remote address, on each server process; one more is refused with a code the browser words.
   */
  SOCKET_MAX_PER_USER: z.coerce.number().int().min(1).max(100_000).default(20),
  SOCKET_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
  SESSION_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  DEMO: flag.default(false),
  /** The provider's mailboxes named to users whose account has expired. */
  ORDER_EMAIL: z.email().default('orders@kropla.app'),
  SUPPORT_EMAIL: z.email().default('support@kropla.app'),
  /** The external help site, `{lang}` standing for the user's language (en, pl): settings > help opens it. */
  HELP_URL: url(['http', 'https']).default('https://help.kropla.app/{lang}/'),
  /** Sender of Kropla's mail. */
  MAIL_FROM: z.string().min(3).default('Kropla <no-reply@kropla.app>'),
  /** A session unused this long ends; one older than SESSION_MAX_DAYS ends whatever its use. */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 365)
    .default(72),
  SESSION_MAX_DAYS: z.coerce.number().min(0.01).max(365).default(30),
  /** Audit log entries older than this many days are deleted (checked every hour). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long ingest gathers readings before one batched write. */
  INGEST_FLUSH_MS: z.coerce.number().int().min(1).max(5000).default(50),
  SIM_INTERVAL: z.coerce.number().min(0.5).max(3600).default(10),
  /**
   * Alarm SMS: POST {to, text} as JSON to this address (an HTTP SMS gateway), with SMS_TOKEN as a
   * bearer token. Without it, SMS are written to DATA_DIR/sms-outbox.
   */
  SMS_URL: url(['http', 'https']).optional(),
  SMS_TOKEN: z.string().min(1).optional(),
  /** Contact the Web Push services are given with the VAPID key (mailto: or https: address). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { message: 'must start with mailto: or https://' })
    .default('mailto:support@kropla.app'),
  /**
   * The map's background tiles, a Leaflet tile address with {z}, {x}, {y} (and optionally {s}),
   * or `none` for a map without background. Server-wide: the Content-Security-Policy allows
   * images from this origin only.
   */
  MAP_TILE_URL: z
    .union([
      z.literal('none'),
      url(['http', 'https']).refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
        message: 'must contain {z}, {x} and {y}',
      }),
    ])
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Credit the tile service asks for, shown in the map's corner. */
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
  /**
   * A Nominatim-compatible geocoder (its base address: the server asks `<GEOCODER_URL>/search`)
   * that finds the farm's place by its address. The server calls it for the browser (the
   * Content-Security-Policy lets the browser reach only the app), at most once a second. Without
   * it the address is kept as typed and the place is set by coordinates, position or the map.
   */
  GEOCODER_URL: url(['http', 'https']).optional(),
})

/**
 * In production, mailed links (password reset, invitations, alarm notices) need an address the
 * operator gave: without one they would name the address the server listens on, which is not
 * where users reach it.
 */
export const envSchema = settingsSchema.superRefine((settings, context) => {
  if (settings.MQTT_DYNSEC) {
    const broker = settings.MQTT_URL ? new URL(settings.MQTT_URL) : null
    if (!broker?.username)
      context.addIssue({
        code: 'custom',
        path: ['MQTT_DYNSEC'],
        message:
          "needs MQTT_URL with the user the server logs in as (mqtt://user:password@host:1883): that user keeps the broker's module logins through the dynamic-security plugin",
      })
  }
  if (settings.NODE_ENV === 'production' && !settings.PUBLIC_URL && settings.ALLOWED_HOSTS.length === 0)
    context.addIssue({
      code: 'custom',
      path: ['NODE_ENV'],
      message:
        "production needs PUBLIC_URL (the address users reach Kropla at, e.g. https://kropla.example.com) or ALLOWED_HOSTS (the host names it is reached by): mailed links are built only from them, never from a request's Host header",
    })
})

export type Env = z.infer<typeof envSchema>

export interface Config extends Env {
  dataDir: string
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad variable. Empty strings count as unset. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0])
      return `  ${name}=${JSON.stringify(source[name])}: ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) }
}
