import type { DemoModule } from '@kropla/domain'

/**
 * What each simulated module logs in with (device protocol, Identity): its device secret when it
 * has one, its PIN otherwise (a module made before secrets). A secret that arrives over
 * `down/credentials` is kept for the module's next connection, as firmware keeps it in flash.
 */
export interface ModuleCredentials {
  password(serial: string): string
  store(serial: string, secret: string): void
  /** Every secret held, by serial. */
  secrets(): Record<string, string>
}

export function createModuleCredentials(
  modules: readonly Pick<DemoModule, 'serial' | 'pin'>[],
  secrets: Readonly<Record<string, string>> = {},
): ModuleCredentials {
  const pins = new Map(modules.map((module) => [module.serial, module.pin]))
  const held = new Map(Object.entries(secrets).filter(([serial]) => pins.has(serial)))
  return {
    password: (serial) => held.get(serial) ?? pins.get(serial) ?? '',
    store(serial, secret) {
      held.set(serial, secret)
    },
    secrets: () => Object.fromEntries(held),
  }
}
