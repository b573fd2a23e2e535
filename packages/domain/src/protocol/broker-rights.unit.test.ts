import { describe, expect, it } from 'vitest'
import {
  type BrokerState,
  type ModuleBrokerRights,
  moduleBrokerAcls,
  moduleClientDescription,
  planBrokerRights,
  serverBrokerAcls,
} from './broker-rights'

const options = { serverUsername: 'kropla', unusablePassword: () => 'nobody-knows' }
const serverInStep: BrokerState = {
  clients: [{ username: 'kropla', roles: [{ rolename: 'admin' }, { rolename: 'kropla-server' }] }],
  roles: [{ rolename: 'kropla-server', acls: serverBrokerAcls }],
}
const module = (serial: string, changes: Partial<ModuleBrokerRights> = {}): ModuleBrokerRights => ({
  serial,
  login: `s:${serial}`,
  password: null,
  relays: [],
  ...changes,
})
const inStep = (rights: ModuleBrokerRights, login = rights.login) => ({
  client: {
    username: rights.serial,
    clientid: rights.serial,
    textdescription: moduleClientDescription(login),
    roles: [{ rolename: `kropla-module-${rights.serial}` }],
  },
  role: { rolename: `kropla-module-${rights.serial}`, acls: moduleBrokerAcls(rights.serial, rights.relays) },
})
const brokerWith = (
  ...modules: { client: BrokerState['clients'][number]; role: BrokerState['roles'][number] }[]
) => ({
  clients: [...serverInStep.clients, ...modules.map((each) => each.client)],
  roles: [...serverInStep.roles, ...modules.map((each) => each.role)],
})

describe('keeping an external broker in step with the fleet', () => {
  it('lets a module publish only under its own serial and subscribe only to its own down/, a base station also for its modules', () => {
    expect(moduleBrokerAcls('AM-1')).toEqual([
      { acltype: 'publishClientSend', topic: 'kropla/v1/AM-1/up/#', allow: true },
      { acltype: 'subscribePattern', topic: 'kropla/v1/AM-1/down/#', allow: true },
    ])
    expect(moduleBrokerAcls('AGB-1', ['AM-2']).map((acl) => acl.topic)).toEqual([
      'kropla/v1/AGB-1/up/#',
      'kropla/v1/AGB-1/down/#',
      'kropla/v1/AM-2/up/#',
      'kropla/v1/AM-2/down/#',
    ])
  })

  it('changes nothing when the broker is in step', () => {
    const a = module('AM-1', { password: '1234', login: 'p:1' })
    expect(planBrokerRights([a], brokerWith(inStep(a)), options)).toEqual({
      commands: [],
      unknownSecrets: [],
    })
  })

  it('makes the role before the client of a new module, with the password it logs in with', () => {
    const { commands } = planBrokerRights([module('AM-1', { password: 'the-secret' })], serverInStep, options)
    expect(commands).toEqual([
      { command: 'createRole', rolename: 'kropla-module-AM-1', acls: moduleBrokerAcls('AM-1') },
      {
        command: 'createClient',
        username: 'AM-1',
        clientid: 'AM-1',
        password: 'the-secret',
        textdescription: 'kropla module; login s:AM-1',
        roles: [{ rolename: 'kropla-module-AM-1' }],
      },
    ])
  })

  it('makes a client without a password for a secret the server does not know, and says which', () => {
    const plan = planBrokerRights([module('AM-1')], serverInStep, options)
    expect(plan.unknownSecrets).toEqual(['AM-1'])
    expect(plan.commands[1]).toEqual({
      command: 'createClient',
      username: 'AM-1',
      clientid: 'AM-1',
      textdescription: 'kropla module; login unset',
      roles: [{ rolename: 'kropla-module-AM-1' }],
    })
  })

  it('sets a changed password when it is known, and otherwise one nobody holds, once', () => {
    const known = module('AM-1', { login: 's:new', password: 'new-secret' })
    expect(planBrokerRights([known], brokerWith(inStep(known, 's:old')), options).commands).toEqual([
      {
        command: 'modifyClient',
        username: 'AM-1',
        password: 'new-secret',
        textdescription: 'kropla module; login s:new',
      },
    ])
    const unknown = module('AM-1', { login: 's:new' })
    const plan = planBrokerRights([unknown], brokerWith(inStep(unknown, 's:old')), options)
    expect(plan.commands).toEqual([
      {
        command: 'modifyClient',
        username: 'AM-1',
        password: 'nobody-knows',
        textdescription: 'kropla module; login unset',
      },
    ])
    expect(plan.unknownSecrets).toEqual(['AM-1'])
    expect(planBrokerRights([unknown], brokerWith(inStep(unknown, 'unset')), options).commands).toEqual([])
  })

  it('pins a module client to its serial as client id', () => {
    const a = module('AM-1', { password: '1234' })
    const { client, role } = inStep(a)
    expect(
      planBrokerRights([a], brokerWith({ client: { ...client, clientid: undefined }, role }), options)
        .commands,
    ).toEqual([{ command: 'modifyClient', username: 'AM-1', clientid: 'AM-1' }])
  })

  it("follows a base station's modules: rights added and taken away", () => {
    const before = module('AGB-1', { relays: ['AM-2'] })
    const after = module('AGB-1', { relays: ['AM-3'] })
    expect(planBrokerRights([after], brokerWith(inStep(before)), options).commands).toEqual([
      {
        command: 'removeRoleACL',
        rolename: 'kropla-module-AGB-1',
        acltype: 'publishClientSend',
        topic: 'kropla/v1/AM-2/up/#',
      },
      {
        command: 'removeRoleACL',
        rolename: 'kropla-module-AGB-1',
        acltype: 'subscribePattern',
        topic: 'kropla/v1/AM-2/down/#',
      },
      {
        command: 'addRoleACL',
        rolename: 'kropla-module-AGB-1',
        acltype: 'publishClientSend',
        topic: 'kropla/v1/AM-3/up/#',
        allow: true,
      },
      {
        command: 'addRoleACL',
        rolename: 'kropla-module-AGB-1',
        acltype: 'subscribePattern',
        topic: 'kropla/v1/AM-3/down/#',
        allow: true,
      },
    ])
  })

  it("removes the clients and roles of modules no longer in the fleet, and leaves everyone else's alone", () => {
    const gone = module('AM-9')
    const broker = brokerWith(inStep(gone))
    const others: BrokerState = {
      clients: [...broker.clients, { username: 'grafana', textdescription: 'dashboards', roles: [] }],
      roles: [...broker.roles, { rolename: 'grafana', acls: [] }],
    }
    expect(planBrokerRights([], others, options).commands).toEqual([
      { command: 'deleteClient', username: 'AM-9' },
      { command: 'deleteRole', rolename: 'kropla-module-AM-9' },
    ])
  })

  it("gives the server's user its role, and never takes it for a module", () => {
    const bare: BrokerState = { clients: [{ username: 'kropla', roles: [{ rolename: 'admin' }] }], roles: [] }
    expect(planBrokerRights([module('kropla')], bare, options).commands).toEqual([
      { command: 'createRole', rolename: 'kropla-server', acls: serverBrokerAcls },
      { command: 'addClientRole', username: 'kropla', rolename: 'kropla-server' },
    ])
  })
})
