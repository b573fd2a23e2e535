import fs from 'node:fs'
import path from 'node:path'
import { type DemoModule, demoFarm, demoModuleSecretsFile, demoModuleSecretsSchema } from '@kropla/domain'

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

/**
 * The HTTP Basic header a demo module uploads with: its serial and the device secret the demo seed
 * drew for it in the stack's data directory (ADR 0087; its PIN is only its claim code).
 */
export function demoModuleAuthorization(stack: { dataDir: string }, serial: string): string {
  const file = path.join(stack.dataDir, demoModuleSecretsFile)
  const secret = demoModuleSecretsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')))[serial]
  if (!secret) throw new Error(`no device secret for ${serial} in ${file}`)
  return `Basic ${Buffer.from(`${serial}:${secret}`).toString('base64')}`
}
