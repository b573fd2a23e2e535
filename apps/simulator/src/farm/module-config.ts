import type { ModuleConfig } from './module-behaviour'

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/** A catalogue property of the module (`tara_value`, ...), under `properties` or at the top of the config. */
export function configProperty(config: ModuleConfig, name: string): number | undefined {
  return asNumber(asRecord(config.properties)?.[name]) ?? asNumber(config[name])
}

/** A per-input setting (`multiplier`, `value_low`, ...) from the config's `inputs.<field>`. */
export function inputSetting(config: ModuleConfig, field: string, name: string): number | undefined {
  return asNumber(asRecord(asRecord(config.inputs)?.[field])?.[name])
}
