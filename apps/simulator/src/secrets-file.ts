import fs from 'node:fs'
import { type DemoModuleSecrets, demoModuleSecretsSchema } from '@kropla/domain'

/**
 * The modules' device secrets file (ADR 0087): null when there is none (every module logs in with
 * its PIN); a file that is not one is an error, not silently a farm of PIN logins.
 */
export function readSecretsFile(file: string): DemoModuleSecrets | null {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  const parsed = demoModuleSecretsSchema.safeParse(JSON.parse(text))
  if (!parsed.success) throw new Error(`${file}: not a file of module secrets ({"serial": "secret"})`)
  return parsed.data
}

/** Writes the file whole, readable by its owner only: a module's flash, for the next run. */
export async function writeSecretsFile(file: string, secrets: DemoModuleSecrets): Promise<void> {
  const partial = `${file}.${process.pid}.partial`
  await fs.promises.writeFile(partial, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
  await fs.promises.rename(partial, file)
}
