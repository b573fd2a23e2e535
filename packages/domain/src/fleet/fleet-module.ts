import { z } from 'zod'
import { catalogue } from '../catalogue/catalogue'
import { deviceSecretSchema } from './device-secret'

export const serialSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,40}$/, { error: 'errors.serial_invalid' })
export const pinSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z]{4,16}$/, { error: 'errors.pin_invalid' })

/**
 * One manufactured module on the operator's fleet list. `secret`: the device secret it logs in
 * with (stored only as its hash); without one the module logs in with its PIN (made before secrets).
 */
export const fleetModuleSchema = z.object({
  serial: serialSchema,
  pin: pinSchema,
  model: z.string().refine((code) => catalogue.has(code), { error: 'errors.model_unknown' }),
  secret: deviceSecretSchema.optional(),
})
export type FleetModule = z.infer<typeof fleetModuleSchema>
