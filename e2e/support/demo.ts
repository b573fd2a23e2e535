import { demoFarm } from '@kropla/domain'

/** The demo farm the journeys log in to: the same definition `DEMO=1` seeds and the simulator runs. */
export const demoUser = {
  email: demoFarm.user.email,
  password: demoFarm.user.password,
  fullName: `${demoFarm.user.name} ${demoFarm.user.familyName}`,
}

export const demoSerials = demoFarm.modules.map((module) => module.serial)
