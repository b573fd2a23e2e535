import { protocolPrefix } from './topics'

/**
 * An external Mosquitto kept in step with the fleet through its dynamic-security plugin (device
 * protocol, "An external broker"; ADR 0091). The same rights the embedded broker checks itself:
 * a module logs in as its serial and may publish under its own serial and subscribe to its own
 * `down/#`; a base station also for the modules assigned to it. Pure: the server reads the fleet
 * and the broker, this plans the plugin's commands that bring the broker in step.
 */

/** What one module of the fleet must be allowed. */
export interface ModuleBrokerRights {
  serial: string
  /**
   * Names the password the fleet expects, never the password itself (a prefix of the secret's
   * SHA-256, or of the serial and PIN's): kept in the client's description, it tells whether the
   * broker's password is still the right one without asking the broker for it.
   */
  login: string
  /** The password to set when the broker's is not the right one; null when the server does not know it (a secret it holds only the hash of). */
  password: string | null
  /** The serials of the modules this one relays for (a base station's), sorted. */
  relays: readonly string[]
}

export type BrokerAclType =
  | 'publishClientSend'
  | 'publishClientReceive'
  | 'subscribeLiteral'
  | 'subscribePattern'
  | 'unsubscribeLiteral'
  | 'unsubscribePattern'

export interface BrokerAcl {
  acltype: BrokerAclType
  topic: string
  allow: boolean
}

/** A client as the plugin's `listClients` (verbose) lists it. */
export interface BrokerClient {
  username: string
  /** Set: the only client id the user may connect with. */
  clientid?: string
  textdescription?: string
  roles: readonly { rolename: string }[]
}

/** A role as the plugin's `listRoles` (verbose) lists it. */
export interface BrokerRole {
  rolename: string
  acls: readonly BrokerAcl[]
}

export interface BrokerState {
  clients: readonly BrokerClient[]
  roles: readonly BrokerRole[]
}

/** One command of the plugin's control topic (`$CONTROL/dynamic-security/v1`). */
export type DynsecCommand = { command: string } & Record<string, unknown>

/** What marks a client as one of the fleet's: only these are ever removed. */
const moduleMark = 'kropla module; login '
/** The login of a client whose password nobody holds: the fleet's secret is not known to the server. */
export const unsetLogin = 'unset'
const moduleRolePrefix = 'kropla-module-'
/** Given to the server's own broker user: it sends every module's `down/` messages. */
export const serverRoleName = 'kropla-server'

export const moduleRoleName = (serial: string) => `${moduleRolePrefix}${serial}`

export const moduleClientDescription = (login: string) => `${moduleMark}${login}`

/** The login a client's description names, or null for a client that is not a module's. */
export function moduleClientLogin(client: Pick<BrokerClient, 'textdescription'>): string | null {
  const text = client.textdescription ?? ''
  return text.startsWith(moduleMark) ? text.slice(moduleMark.length) : null
}

/** Publish under, and subscribe to the `down/` topics of, the module's own serial and those it relays for. */
export function moduleBrokerAcls(serial: string, relays: readonly string[] = []): BrokerAcl[] {
  return [serial, ...relays].flatMap((each) => [
    { acltype: 'publishClientSend' as const, topic: `${protocolPrefix}/${each}/up/#`, allow: true },
    { acltype: 'subscribePattern' as const, topic: `${protocolPrefix}/${each}/down/#`, allow: true },
  ])
}

/** The server publishes every module's `down/` messages (configuration, commands, credentials). */
export const serverBrokerAcls: readonly BrokerAcl[] = [
  { acltype: 'publishClientSend', topic: `${protocolPrefix}/+/down/#`, allow: true },
]

const aclKey = (acl: Pick<BrokerAcl, 'acltype' | 'topic' | 'allow'>) =>
  `${acl.acltype} ${acl.allow} ${acl.topic}`

function roleCommands(rolename: string, wanted: readonly BrokerAcl[], role: BrokerRole | undefined) {
  if (!role) return [{ command: 'createRole', rolename, acls: wanted }]
  const have = new Set(role.acls.map(aclKey))
  const want = new Set(wanted.map(aclKey))
  return [
    ...role.acls
      .filter((acl) => !want.has(aclKey(acl)))
      .map((acl) => ({ command: 'removeRoleACL', rolename, acltype: acl.acltype, topic: acl.topic })),
    ...wanted
      .filter((acl) => !have.has(aclKey(acl)))
      .map((acl) => ({ command: 'addRoleACL', rolename, ...acl })),
  ]
}

export interface BrokerRightsPlan {
  /** In the order to run: roles before the clients that take them, clients removed before their roles. */
  commands: DynsecCommand[]
  /** Modules with a secret the broker does not know and the server cannot give it: they cannot log in until it is given. */
  unknownSecrets: string[]
}

/**
 * The commands that bring the broker in step with the fleet: a client and a role per module (a
 * missing one made, a wrong password or right corrected), the server's user given its role,
 * and the clients and roles of modules no longer in the fleet deleted. Clients and roles that are
 * not the fleet's (the administrator's, other applications') are left alone. A client whose
 * password is wrong and not known is given one nobody holds (`unusablePassword`), so that a
 * module's old password stops working as soon as the fleet's changes.
 */
export function planBrokerRights(
  fleet: readonly ModuleBrokerRights[],
  broker: BrokerState,
  options: { serverUsername: string; unusablePassword: () => string },
): BrokerRightsPlan {
  const clients = new Map(broker.clients.map((client) => [client.username, client]))
  const roles = new Map(broker.roles.map((role) => [role.rolename, role]))
  const roleChanges: DynsecCommand[] = []
  const clientChanges: DynsecCommand[] = []
  const removals: DynsecCommand[] = []
  const unknownSecrets: string[] = []
  const inFleet = new Set<string>()

  roleChanges.push(...roleCommands(serverRoleName, serverBrokerAcls, roles.get(serverRoleName)))
  const server = clients.get(options.serverUsername)
  if (server && !server.roles.some((role) => role.rolename === serverRoleName))
    clientChanges.push({
      command: 'addClientRole',
      username: options.serverUsername,
      rolename: serverRoleName,
    })

  for (const module of fleet) {
    // The server's own user is never taken for a module's.
    if (module.serial === options.serverUsername) continue
    inFleet.add(module.serial)
    const rolename = moduleRoleName(module.serial)
    roleChanges.push(
      ...roleCommands(rolename, moduleBrokerAcls(module.serial, module.relays), roles.get(rolename)),
    )
    const client = clients.get(module.serial)
    if (!client) {
      clientChanges.push({
        command: 'createClient',
        username: module.serial,
        // Pinned: a module logged in with another's serial as client id would end that one's session.
        clientid: module.serial,
        ...(module.password !== null ? { password: module.password } : {}),
        textdescription: moduleClientDescription(module.password !== null ? module.login : unsetLogin),
        roles: [{ rolename }],
      })
      if (module.password === null) unknownSecrets.push(module.serial)
      continue
    }
    const login = moduleClientLogin(client)
    if (login !== module.login) {
      if (module.password !== null)
        clientChanges.push({
          command: 'modifyClient',
          username: module.serial,
          password: module.password,
          textdescription: moduleClientDescription(module.login),
        })
      else {
        unknownSecrets.push(module.serial)
        if (login !== unsetLogin)
          clientChanges.push({
            command: 'modifyClient',
            username: module.serial,
            password: options.unusablePassword(),
            textdescription: moduleClientDescription(unsetLogin),
          })
      }
    }
    if (client.clientid !== module.serial)
      clientChanges.push({ command: 'modifyClient', username: module.serial, clientid: module.serial })
    if (!client.roles.some((role) => role.rolename === rolename))
      clientChanges.push({ command: 'addClientRole', username: module.serial, rolename })
  }

  for (const client of broker.clients)
    if (moduleClientLogin(client) !== null && !inFleet.has(client.username))
      removals.push({ command: 'deleteClient', username: client.username })
  for (const role of broker.roles)
    if (
      role.rolename.startsWith(moduleRolePrefix) &&
      !inFleet.has(role.rolename.slice(moduleRolePrefix.length))
    )
      removals.push({ command: 'deleteRole', rolename: role.rolename })

  return { commands: [...roleChanges, ...clientChanges, ...removals], unknownSecrets }
}
