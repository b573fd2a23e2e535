import { createHash, randomBytes } from 'node:crypto'
import {
  type BrokerState,
  type DynsecCommand,
  type ModuleBrokerRights,
  moduleBrokerAcls,
  moduleClientDescription,
  moduleClientLogin,
  moduleRoleName,
  planBrokerRights,
} from '@kropla/domain'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { BrokerRightsDal, FleetLogin } from './broker-rights-dal'
import { hashDeviceSecret } from './device-secret'
import type { DynsecControl, DynsecResponse } from './dynsec-control'

/**
 * Names a module's password without giving it away: the first 16 hex digits of its secret's
 * SHA-256 (which the fleet keeps), or of its serial and PIN for a module on PIN logins.
 */
export function loginOf(module: Pick<FleetLogin, 'serial' | 'pin' | 'secretHash'>): string {
  if (module.secretHash) return `s:${module.secretHash.slice(0, 16)}`
  return `p:${createHash('sha256').update(`${module.serial}:${module.pin}`, 'utf8').digest('hex').slice(0, 16)}`
}

const aclSchema = z.object({
  acltype: z.enum([
    'publishClientSend',
    'publishClientReceive',
    'subscribeLiteral',
    'subscribePattern',
    'unsubscribeLiteral',
    'unsubscribePattern',
  ]),
  topic: z.string(),
  allow: z.boolean(),
})
const clientsSchema = z.object({
  clients: z.array(
    z.object({
      username: z.string(),
      clientid: z.string().optional(),
      textdescription: z.string().optional(),
      roles: z.array(z.object({ rolename: z.string() })).default([]),
    }),
  ),
})
const rolesSchema = z.object({
  roles: z.array(z.object({ rolename: z.string(), acls: z.array(aclSchema).default([]) })),
})

/** Answers that only say the broker already was as asked: two processes (or the CLI) got there first. */
const harmless = new Set([
  'Client already exists',
  'Role already exists',
  'Client not found',
  'Role not found',
])

function refusals(commands: DynsecCommand[], responses: DynsecResponse[]) {
  return responses
    .map((response, index) => ({ response, command: commands[index] }))
    .filter(({ response }) => response.error && !harmless.has(response.error))
    .map(({ response, command }) => ({
      command: response.command,
      target: command?.username ?? command?.rolename,
      error: response.error,
    }))
}

/**
 * Gives the broker the passwords of modules whose secret is known at this moment (made by the
 * fleet CLI, imported with the fleet file, handed over by `down/credentials`): the module's client
 * is made, or its password changed, with its role. The secret itself is never kept.
 */
export async function giveBrokerSecrets(
  control: DynsecControl,
  modules: readonly { serial: string; secret: string }[],
): Promise<{ refused: string[] }> {
  if (!modules.length) return { refused: [] }
  const commands: DynsecCommand[] = modules.flatMap(({ serial, secret }) => {
    const description = moduleClientDescription(
      loginOf({ serial, pin: '', secretHash: hashDeviceSecret(secret) }),
    )
    const rolename = moduleRoleName(serial)
    return [
      { command: 'createRole', rolename, acls: moduleBrokerAcls(serial) },
      {
        command: 'createClient',
        username: serial,
        clientid: serial,
        password: secret,
        textdescription: description,
        roles: [{ rolename }],
      },
    ]
  })
  const responses = await control.run(commands)
  // A client that exists is given its new password instead (a kick: the module logs in again with it).
  const existing = modules.filter((_, index) => responses[index * 2 + 1]?.error === 'Client already exists')
  const changes: DynsecCommand[] = existing.map(({ serial, secret }) => ({
    command: 'modifyClient',
    username: serial,
    password: secret,
    textdescription: moduleClientDescription(
      loginOf({ serial, pin: '', secretHash: hashDeviceSecret(secret) }),
    ),
  }))
  const changed = changes.length ? await control.run(changes) : []
  const refused = [...refusals(commands, responses), ...refusals(changes, changed)]
  return { refused: [...new Set(refused.map((refusal) => String(refusal.target)))] }
}

/**
 * Keeps an external Mosquitto's dynamic-security plugin in step with the fleet (ADR 0091): on
 * start every client and role is compared with the fleet, then the fleet every `everyMs` (and at
 * once when this process changes it), and the broker again whenever something was changed or a
 * minute has passed. One piece of work at a time, so that what one reads the other has not changed.
 */
export function createBrokerRights(deps: {
  dal: Pick<BrokerRightsDal, 'fleetLogins'>
  connect: () => Promise<DynsecControl>
  /** MQTT_URL's user: given its role, never taken for a module's. */
  serverUsername: string
  logger: Logger
  everyMs: number
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const rereadMs = 60_000
  let control: DynsecControl | undefined
  let broker: BrokerState | undefined
  let readAt = 0
  let timer: NodeJS.Timeout | undefined
  let tail: Promise<unknown> = Promise.resolve()
  /** Secrets handed over by this process and not yet seen in the fleet and the broker, by serial. */
  const given = new Map<string, { secret: string; until: number }>()
  /** Modules whose broker password was wrong and unknown at the last look: locked only if it still is at the next. */
  let suspects = new Map<string, string>()
  const warned = new Set<string>()

  function queue<T>(work: () => Promise<T>): Promise<T> {
    const next = tail.then(work)
    tail = next.catch(() => undefined)
    return next
  }

  async function readBroker(): Promise<BrokerState> {
    const [clients, roles] = await control!.run([
      { command: 'listClients', verbose: true },
      { command: 'listRoles', verbose: true },
    ])
    if (clients?.error || roles?.error)
      throw new Error(`the dynamic-security plugin refused to list: ${clients?.error ?? roles?.error}`)
    return {
      clients: clientsSchema.parse(clients?.data).clients,
      roles: rolesSchema.parse(roles?.data).roles,
    }
  }

  function passwordOf(module: FleetLogin): string | null {
    if (!module.secretHash) return module.pin
    const known = given.get(module.serial)
    return known && hashDeviceSecret(known.secret) === module.secretHash ? known.secret : null
  }

  async function sync(): Promise<void> {
    const fleet = await deps.dal.fleetLogins()
    if (!broker || now() - readAt >= rereadMs) {
      broker = await readBroker()
      readAt = now()
    }
    const rights: ModuleBrokerRights[] = fleet.map((module) => ({
      serial: module.serial,
      login: loginOf(module),
      password: passwordOf(module),
      relays: module.relays,
    }))
    const logins = new Map(broker.clients.map((client) => [client.username, moduleClientLogin(client)]))
    const plan = planBrokerRights(rights, broker, {
      serverUsername: deps.serverUsername,
      unusablePassword: () => randomBytes(32).toString('base64url'),
    })
    // A wrong password nobody here knows may be one the fleet CLI is giving the broker just now:
    // it is taken away only when the next look (a fresh read of the broker) finds it still wrong.
    const unknown = new Set(plan.unknownSecrets)
    const lookedAt = new Map<string, string>()
    const commands = plan.commands.filter((command) => {
      const serial = command.username
      if (command.command !== 'modifyClient' || typeof serial !== 'string' || !unknown.has(serial))
        return true
      const seen = `${logins.get(serial)}>${command.textdescription}`
      lookedAt.set(serial, seen)
      return suspects.get(serial) === seen
    })
    suspects = lookedAt
    // Said once per module, in one line however many: a fleet moved onto a new broker has thousands.
    const unwarned = plan.unknownSecrets.filter((serial) => !warned.has(serial))
    if (unwarned.length)
      deps.logger.warn(
        { count: unwarned.length, serials: unwarned.slice(0, 20) },
        'the broker does not know the device secrets of these modules: they cannot log in over MQTT until it is given them (kropla fleet broker-secrets <file>)',
      )
    for (const serial of unwarned) warned.add(serial)
    for (const serial of warned) if (!unknown.has(serial)) warned.delete(serial)

    // The server's own user given its role ends its connections (the plugin kicks a changed
    // client): sent last and alone, its answer may never come (the control session reconnects).
    const own = commands.filter((command) => command.username === deps.serverUsername)
    const others = commands.filter((command) => command.username !== deps.serverUsername)
    if (others.length) {
      const responses = await control!.run(others)
      for (const refusal of refusals(others, responses))
        deps.logger.warn(refusal, 'the dynamic-security plugin refused a change')
      deps.logger.info({ changes: others.length }, 'broker logins and rights brought in step with the fleet')
    }
    if (own.length) await control!.run(own, { timeoutMs: 1000 }).catch(() => undefined)
    if (commands.length || suspects.size) broker = undefined
    // Secrets are kept only until the broker has them (its tag is the fleet's) or their module is gone.
    for (const [serial, known] of given) {
      const module = fleet.find((each) => each.serial === serial)
      const held =
        module?.secretHash === hashDeviceSecret(known.secret) && logins.get(serial) === loginOf(module)
      if (!module || held || now() > known.until) given.delete(serial)
    }
  }

  return {
    /** Connects, brings the broker in step once (a failure fails the start), then keeps it so. */
    async start() {
      control = await deps.connect()
      await queue(sync)
      let running = false
      timer = setInterval(() => {
        // A slow broker or database never piles comparisons up.
        if (running) return
        running = true
        queue(sync)
          .catch((error: unknown) => deps.logger.error({ err: error }, 'broker rights failed'))
          .finally(() => {
            running = false
          })
      }, deps.everyMs)
      timer.unref()
    },
    /** The fleet changed in this process (a module removed, moved, given a secret): in step now. */
    changed(): Promise<void> {
      if (!control) return Promise.resolve()
      return queue(sync).catch((error: unknown) => deps.logger.error({ err: error }, 'broker rights failed'))
    },
    /**
     * A module's new secret, known at this moment only (a `down/credentials` it acknowledged, a
     * fleet file imported): given to the broker at once, ahead of the next comparison.
     */
    async giveSecrets(modules: readonly { serial: string; secret: string }[]): Promise<void> {
      if (!control || !modules.length) return
      for (const { serial, secret } of modules) given.set(serial, { secret, until: now() + 10 * 60_000 })
      await queue(async () => {
        const { refused } = await giveBrokerSecrets(control!, modules)
        if (refused.length) deps.logger.warn({ serials: refused }, 'the broker refused a module password')
        broker = undefined
      }).catch((error: unknown) => deps.logger.error({ err: error }, 'broker rights failed'))
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await tail
      await control?.close()
      control = undefined
    },
  }
}
export type BrokerRights = ReturnType<typeof createBrokerRights>
