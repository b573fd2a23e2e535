import fs from 'node:fs'
import path from 'node:path'
import { type DemoModuleSecrets, demoModuleSecretsSchema } from '@kropla/domain'

/** The demo modules' secrets in the data directory; an absent or unreadable file holds none. */
export function readDemoModuleSecrets(file: string): DemoModuleSecrets {
  try {
    const parsed = demoModuleSecretsSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')))
    return parsed.success ? parsed.data : {}
  } catch {
    return {}
  }
}

/** Writes the file whole (a reader never sees half of it), readable by its owner only. */
export async function writeDemoModuleSecrets(file: string, secrets: DemoModuleSecrets): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true })
  const partial = `${file}.${process.pid}.partial`
  await fs.promises.writeFile(partial, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
  await fs.promises.rename(partial, file)
}
