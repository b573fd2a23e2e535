import { randomUUID } from 'node:crypto'
import type { DynsecCommand } from '@kropla/domain'
import mqtt from 'mqtt'

const controlTopic = '$CONTROL/dynamic-security/v1'
const responseTopic = `${controlTopic}/response`
/** Commands sent in one message: large fleets are brought in step in a few hundred messages, not thousands. */
const batchSize = 200

/** The plugin's answer to one command: `data` for a query, `error` when it was refused. */
export interface DynsecResponse {
  command: string
  error?: string
  data?: unknown
  correlationData?: string
}

export class DynsecTimeoutError extends Error {}

/**
 * Mosquitto's dynamic-security plugin, driven over its control topic as the broker user MQTT_URL
 * names. Every administrator's answers arrive on the one response topic, so each message carries
 * its own correlation data and only its answer is taken.
 */
export async function connectDynsecControl(options: {
  url: string
  clientId: string
  /** How long one message waits for its answer (the connection may be down meanwhile). */
  timeoutMs?: number
}) {
  const timeoutMs = options.timeoutMs ?? 10_000
  const client = mqtt.connect(options.url, {
    clientId: options.clientId,
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 1000,
  })
  const prefix = randomUUID()
  let sent = 0
  const waiting = new Map<string, (responses: DynsecResponse[]) => void>()
  client.on('message', (_topic, payload) => {
    let responses: DynsecResponse[]
    try {
      responses = (JSON.parse(payload.toString()) as { responses?: DynsecResponse[] }).responses ?? []
    } catch {
      return
    }
    const id = responses[0]?.correlationData
    const resolve = id ? waiting.get(id) : undefined
    if (id && resolve) {
      waiting.delete(id)
      resolve(responses)
    }
  })
  // A connection refused at first (wrong user, broker down) fails the start; later losses reconnect.
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve())
    client.once('error', reject)
  })
  await client.subscribeAsync(responseTopic, { qos: 1 })

  async function send(commands: DynsecCommand[], waitMs: number): Promise<DynsecResponse[]> {
    const id = `${prefix}-${++sent}`
    const answer = new Promise<DynsecResponse[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id)
        reject(
          new DynsecTimeoutError(
            `no answer from Mosquitto's dynamic-security plugin in ${waitMs} ms: is the plugin loaded, and has MQTT_URL's user its admin role?`,
          ),
        )
      }, waitMs)
      waiting.set(id, (responses) => {
        clearTimeout(timer)
        resolve(responses)
      })
    })
    const [first, ...rest] = commands
    // The answer may come (or time out) before the PUBACK: a kicked session acknowledges only after reconnecting.
    const published = client.publishAsync(
      controlTopic,
      JSON.stringify({ commands: [{ ...first, correlationData: id }, ...rest] }),
      { qos: 1 },
    )
    published.catch(() => undefined)
    answer.catch(() => undefined)
    await Promise.race([published, answer])
    return answer
  }

  return {
    /** Runs the commands in order, in messages of up to 200; one answer per command. */
    async run(commands: DynsecCommand[], runOptions: { timeoutMs?: number } = {}): Promise<DynsecResponse[]> {
      const responses: DynsecResponse[] = []
      for (let start = 0; start < commands.length; start += batchSize)
        responses.push(
          ...(await send(commands.slice(start, start + batchSize), runOptions.timeoutMs ?? timeoutMs)),
        )
      return responses
    },
    close: () => client.endAsync(),
  }
}
export type DynsecControl = Pick<Awaited<ReturnType<typeof connectDynsecControl>>, 'run' | 'close'>
