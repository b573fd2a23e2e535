import fs from 'node:fs'
import path from 'node:path'
import { demoFarm, demoModuleSecretsFile, demoModuleSecretsSchema } from '@kropla/domain'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objects, outputs } from '../../db/schema'
import { loggedIn } from '../../test/account-fixtures'
import { connectModule, httpSession, startTestServer, type TestServer } from '../../test/test-server'
import { seedDemoFarm } from './seed-demo-farm'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ DEMO: '1' })
})
afterAll(() => server?.stop())

type Named = {
  id?: number
  name: string
  serial?: string
  type?: string
  field_name?: string
  properties?: object
}
const quiet = pino({ level: 'silent' })
const secretsFile = () => path.join(server.dataDir, demoModuleSecretsFile)
const readSecrets = () => demoModuleSecretsSchema.parse(JSON.parse(fs.readFileSync(secretsFile(), 'utf8')))

async function names(lang: 'en' | 'pl') {
  const session = await loggedIn(server.url, demoFarm.user.email, demoFarm.user.password, lang)
  const modules = (await session.request('GET', '/api/objects')).body as unknown as Named[]
  const equipment = (await session.request('GET', '/api/outputs')).body as unknown as Named[]
  return { session, modules, equipment }
}
const moduleNamed = (list: Named[], serial: string) => list.find((module) => module.serial === serial)?.name

describe('the demo farm', () => {
  it('names and types every output as what it drives', async () => {
    const { equipment } = await names('en')
    expect(equipment).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Main pump', type: 'pump', properties: { flow: 3 } }),
        expect.objectContaining({
          name: 'Valve – tomato field',
          type: 'irr',
          properties: { flow: 1.5, area: 0.8 },
        }),
        expect.objectContaining({ name: 'Greenhouse fan', type: 'fan' }),
        expect.objectContaining({ name: 'Grow lights – greenhouse', type: 'light' }),
      ]),
    )
    // Groups of a bed's valves, and sections holding them.
    const session = await loggedIn(server.url, demoFarm.user.email, demoFarm.user.password)
    const groups = (await session.request('GET', '/api/groups')).body as unknown as (Named & {
      elements: number[]
    })[]
    const fieldBeds = groups.find((group) => group.name === 'Field beds')
    expect(fieldBeds?.elements.map((id) => equipment.find((output) => output.id === id)?.name)).toEqual([
      'Valve – tomato field',
      'Valve – orchard',
      'Valve – potato field',
      'Valve – strawberry bed',
    ])
    const sections = (await session.request('GET', '/api/sections')).body as unknown as (Named & {
      groups: number[]
    })[]
    expect(sections.find((section) => section.name === 'Open field')?.groups).toEqual([fieldBeds?.id])
    // Not one output left with the "<module> o1" name it starts with.
    expect(equipment.filter((output) => / o[1-4]$/.test(output.name))).toEqual([])
  })

  it('speaks the language of whoever logs in or switches language, keeping what the user renamed', async () => {
    const polish = await names('pl')
    expect(moduleNamed(polish.modules, 'DEMO-UNI-0001')).toBe('Pompownia')
    expect(polish.equipment.map((output) => output.name)).toEqual(
      expect.arrayContaining(['Pompa główna', 'Zawór – pole pomidorów', 'Deszczomierz']),
    )

    const polishGroups = (await polish.session.request('GET', '/api/groups')).body as unknown as Named[]
    expect(polishGroups.map((group) => group.name)).toContain('Zagony polowe')
    const polishSections = (await polish.session.request('GET', '/api/sections')).body as unknown as Named[]
    expect(polishSections.map((section) => section.name)).toContain('Szklarnia ogórków')

    const db = server.database.db
    await db.update(objects).set({ name: 'Our pump shed' }).where(eq(objects.serial, 'DEMO-UNI-0001'))
    const [valve] = await db.select().from(objects).where(eq(objects.serial, 'DEMO-VALVO-0001'))
    await db.update(outputs).set({ name: 'Big tomatoes' }).where(eq(outputs.id_object, valve!.id))

    expect((await polish.session.write('PUT', '/api/users/lang', { lang: 'en' })).status).toBe(200)
    const english = (await polish.session.request('GET', '/api/objects')).body as unknown as Named[]
    expect(moduleNamed(english, 'DEMO-ENV-0001')).toBe('Greenhouse air')
    expect(moduleNamed(english, 'DEMO-UNI-0001')).toBe('Our pump shed')
    const equipment = (await polish.session.request('GET', '/api/outputs')).body as unknown as Named[]
    expect(equipment.filter((output) => output.name === 'Big tomatoes')).toHaveLength(4)
    expect(equipment.map((output) => output.name)).toContain('Main pump')

    // A restart seeds again in the user's stored language (English now) and keeps the renames.
    await seedDemoFarm(db, quiet, { secretsFile: secretsFile() })
    const again = await names('en')
    expect(moduleNamed(again.modules, 'DEMO-UNI-0001')).toBe('Our pump shed')
    expect(moduleNamed(again.modules, 'DEMO-ENV-0001')).toBe('Greenhouse air')
    // Seeded once: a restart adds no second set of groups or sections.
    const groupsAgain = (await again.session.request('GET', '/api/groups')).body as unknown as Named[]
    expect(groupsAgain.filter((group) => group.name === 'Field beds')).toHaveLength(1)
    expect((await again.session.request('GET', '/api/sections')).body).toHaveLength(demoFarm.sections.length)
  })

  it.runIf(!process.env.TEST_MQTT_URL)(
    'gives each simulated module a secret of its own in the data directory, which logs it in and its PIN does not',
    async () => {
      const secrets = readSecrets()
      expect(Object.keys(secrets).sort()).toEqual(demoFarm.modules.map((module) => module.serial).sort())
      expect(new Set(Object.values(secrets)).size).toBe(demoFarm.modules.length)
      // The simulator's file, for the data directory's owner only.
      expect(fs.statSync(secretsFile()).mode & 0o077).toBe(0)
      const station = demoFarm.modules.find((module) => module.serial === 'DEMO-ENV-0001')!
      const link = await connectModule(server, station.serial, secrets[station.serial]!)
      await link.endAsync()
      await expect(connectModule(server, station.serial, station.pin)).rejects.toThrow(/Not authorized/i)
      // A restart keeps the secrets the fleet and the file agree on.
      await seedDemoFarm(server.database.db, quiet, { secretsFile: secretsFile() })
      expect(readSecrets()).toEqual(secrets)
    },
  )

  it('leaves one module in the fleet on no account, which registers an account once', async () => {
    const { serial, pin } = demoFarm.unactivated
    const [fresh] = await server.database.db.select().from(objects).where(eq(objects.serial, serial))
    expect(fresh?.id_client).toBeNull()

    const session = httpSession(server.url)
    expect((await session.write('POST', '/api/register/device', { serial, pin })).body).toMatchObject({
      model: demoFarm.unactivated.model,
    })
    const password = 'Green-field-7'
    const registered = await session.write('POST', '/api/register', {
      serial,
      pin,
      account_name: 'Trying Kropla',
      email: 'new-grower@example.com',
      password,
      password_confirm: password,
      terms: true,
      required_consents: true,
      marketing_app: false,
      marketing_email: false,
    })
    expect(registered).toEqual({ status: 201, body: { ok: true } })
    const mine = (await session.request('GET', '/api/objects')).body as unknown as Named[]
    expect(mine.map((module) => module.serial)).toEqual([serial])

    // Restarting the demo neither takes it back nor adds another.
    await seedDemoFarm(server.database.db, quiet, { secretsFile: secretsFile() })
    const rows = await server.database.db.select().from(objects).where(eq(objects.serial, serial))
    expect(rows).toHaveLength(1)
    expect((await session.request('GET', '/api/objects')).body).toEqual(mine)
  })
})
