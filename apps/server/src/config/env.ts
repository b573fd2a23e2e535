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

/** Every setting, validated once at start-up (architecture brief, "Configuration"). */
export const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  MQTT_PORT: port.default(1883),
  MQTT_URL: url(['mqtt', 'mqtts', 'tcp', 'ws', 'wss']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
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
