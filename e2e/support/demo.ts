import { type DemoModule, demoFarm } from '@kropla/domain'

/** The demo farm the journeys log in to: the same definition `DEMO=1` seeds and the simulator runs. */
export const demoUser = {
  email: demoFarm.user.email,
  password: demoFarm.user.password,
  fullName: `${demoFarm.user.name} ${demoFarm.user.familyName}`,
}

export const demoSerials = demoFarm.modules.map((module) => module.serial)

/** The English name the demo gives the output of its module of that model: what it drives ("Main pump"). */
export function demoOutput(model: string, field: string): string {
  const module: DemoModule | undefined = demoFarm.modules.find((candidate) => candidate.model === model)
  const output = module?.outputs?.find((candidate) => candidate.field === field)
  if (!output) throw new Error(`the demo has no output ${field} on an ${model}`)
  return output.name
}
