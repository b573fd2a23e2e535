import path from 'node:path'
import { parseArgs } from 'node:util'
import { demoModuleSecretsFile } from '@kropla/domain'

export interface CliOptions {
  mqttUrl: string
  intervalSeconds: number
  seed: number | undefined
  /** The server's HTTP address for LTE-M modules (WG-100); without it they use MQTT. */
  httpUrl: string | undefined
  /** The demo modules' device secrets, as the server's demo seed wrote them (and where new ones are kept). */
  secretsFile: string
}

export const usage = `Usage: kropla-simulator [--mqtt URL] [--http URL] [--secrets FILE] [--interval SECONDS] [--seed N]

A virtual farm (the demo farm's modules) speaking the Kropla device protocol over MQTT.

  --mqtt URL          broker to connect to (default: $MQTT_URL or mqtt://127.0.0.1:$MQTT_PORT, port 1883)
  --http URL          server address for LTE-M modules (WG-100), which then POST /ingest/v1/{serial}
                      as the real ones do (default: $SIM_HTTP_URL; unset: they use MQTT too)
  --secrets FILE      the modules' device secrets, which the server's demo seed writes into its data
                      directory; a secret a module gets over down/credentials is kept there too
                      (default: $SIM_SECRETS, or ${demoModuleSecretsFile} in $DATA_DIR or ./data;
                      a module without a secret there logs in with its PIN)
  --interval SECONDS  seconds between readings (default: $SIM_INTERVAL or 10)
  --seed N            seed for weather and sensor noise (default: $SIM_SEED or a fixed seed)
  --help              show this help`

const supportedSchemes = ['mqtt:', 'mqtts:', 'tcp:', 'ssl:', 'ws:', 'wss:']

/** Reads the command line over the environment over the defaults, and refuses a bad value with a reason. */
export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      mqtt: { type: 'string' },
      http: { type: 'string' },
      secrets: { type: 'string' },
      interval: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  })
  if (values.help) return 'help'

  const mqttUrl = values.mqtt ?? env.MQTT_URL ?? `mqtt://127.0.0.1:${env.MQTT_PORT || 1883}`
  let scheme: string
  try {
    scheme = new URL(mqttUrl).protocol
  } catch {
    throw new Error(`--mqtt: not a URL: ${mqttUrl}`)
  }
  if (!supportedSchemes.includes(scheme))
    throw new Error(`--mqtt: unsupported scheme ${scheme} in ${mqttUrl}`)

  const intervalText = values.interval ?? env.SIM_INTERVAL ?? '10'
  const intervalSeconds = Number(intervalText)
  if (!Number.isFinite(intervalSeconds) || intervalSeconds <= 0) {
    throw new Error(`--interval: expected a positive number of seconds, got ${intervalText}`)
  }

  const seedText = values.seed ?? env.SIM_SEED
  const seed = seedText === undefined ? undefined : Number(seedText)
  if (seed !== undefined && !Number.isSafeInteger(seed))
    throw new Error(`--seed: expected an integer, got ${seedText}`)

  const httpUrl = values.http ?? (env.SIM_HTTP_URL || undefined)
  if (httpUrl !== undefined) {
    let protocol: string | undefined
    try {
      protocol = new URL(httpUrl).protocol
    } catch {}
    if (protocol !== 'http:' && protocol !== 'https:')
      throw new Error(`--http: not an http(s) URL: ${httpUrl}`)
  }

  const secretsFile =
    values.secrets ?? (env.SIM_SECRETS || path.join(env.DATA_DIR || './data', demoModuleSecretsFile))

  return { mqttUrl, intervalSeconds, seed, httpUrl, secretsFile }
}
