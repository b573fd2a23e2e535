import { type DemoModule, demoFarm } from '@kropla/domain'
import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import { createClientsDal } from '../clients/clients-dal'
import { createFleetDal } from '../fleet/fleet-dal'
import { createFleetService } from '../fleet/fleet-service'
import { createUserAccounts } from '../users/user-accounts'
import { createUsersDal } from '../users/users-dal'
import { seedDemoWeather } from './seed-demo-weather'

/** Seeds (idempotently) the demo client account that owns the simulated modules. */
export async function seedDemoFarm(db: Db, logger: Logger) {
  const fleet = createFleetService(createFleetDal(db))
  for (const module of demoFarm.modules) {
    await fleet.addModule(module, {
      clientName: demoFarm.clientName,
      name: module.name,
      location: module.location,
    })
  }
  for (const module of demoFarm.modules as readonly DemoModule[]) {
    if (module.baseStation) await fleet.setBaseStation(module.serial, module.baseStation)
  }
  const { user } = demoFarm
  if (!(await createUsersDal(db).findByEmail(user.email))) {
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
  logger.info({ email: user.email }, 'demo farm ready')
}
