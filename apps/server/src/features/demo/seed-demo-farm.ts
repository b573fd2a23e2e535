import { type DemoModule, demoFarm } from '@kropla/domain'
import { pickLang } from '@kropla/i18n'
import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import { hashDeviceSecret, newDeviceSecret } from '../../ingest/device-secret'
import { createClientsDal } from '../clients/clients-dal'
import { createFleetDal } from '../fleet/fleet-dal'
import { createFleetService } from '../fleet/fleet-service'
import { createUserAccounts } from '../users/user-accounts'
import { createUsersDal } from '../users/users-dal'
import { labelDemoFarm } from './demo-labels'
import { readDemoModuleSecrets, writeDemoModuleSecrets } from './demo-module-secrets'
import { seedDemoResources } from './seed-demo-resources'
import { seedDemoWeather } from './seed-demo-weather'

/**
 * Seeds (idempotently) the demo client account that owns the simulated modules. Each simulated
 * module logs in with a device secret drawn here, kept in `secretsFile` for the simulator (ADR
 * 0087): a module whose secret the file still holds keeps it (one the simulator got over
 * `down/credentials` included), any other gets a new one.
 */
export async function seedDemoFarm(db: Db, logger: Logger, options: { secretsFile: string }) {
  const fleetDal = createFleetDal(db)
  const fleet = createFleetService(fleetDal)
  const secrets = readDemoModuleSecrets(options.secretsFile)
  let drawn = 0
  for (const module of demoFarm.modules) {
    const known = secrets[module.serial]
    const row = await fleetDal.findBySerial(module.serial)
    if (known && row?.secret_hash === hashDeviceSecret(known)) continue
    secrets[module.serial] = newDeviceSecret()
    drawn++
  }
  // Written before the fleet holds their hashes: the simulator can always log in with what it reads.
  if (drawn) await writeDemoModuleSecrets(options.secretsFile, secrets)
  // Named afterwards, by labelDemoFarm: a name the demo user gave a module survives restarts.
  for (const module of demoFarm.modules) {
    await fleet.addModule(
      { serial: module.serial, pin: module.pin, model: module.model, secret: secrets[module.serial] },
      { clientName: demoFarm.clientName, location: module.location },
    )
  }
  // Once only: after someone activates it (registration, Add module) it is theirs, kept as it is.
  const { unactivated } = demoFarm
  if (!(await fleetDal.findBySerial(unactivated.serial))) await fleet.addModule(unactivated)
  for (const module of demoFarm.modules as readonly DemoModule[]) {
    if (module.baseStation) await fleet.setBaseStation(module.serial, module.baseStation)
  }
  const { user } = demoFarm
  const existing = await createUsersDal(db).findByEmail(user.email)
  if (!existing) {
    const created = await createUserAccounts({
      users: createUsersDal(db),
      clients: createClientsDal(db),
    }).create({
      email: user.email,
      password: user.password,
      type: 'admin',
      clientName: demoFarm.clientName,
      name: user.name,
      familyName: user.familyName,
    })
    // The demo farm is set up already: its user starts past the first-run dialog (settings > profile brings it back).
    await createUsersDal(db).update(created.id, { hide_splash: true })
  }
  await seedDemoWeather(db)
  const client = await createClientsDal(db).findByName(demoFarm.clientName)
  if (client) {
    await seedDemoResources(db, client.id)
    await labelDemoFarm(db, client.id, pickLang([existing?.lang]))
  }
  logger.info({ email: user.email, secretsFile: options.secretsFile, drawn }, 'demo farm ready')
}
