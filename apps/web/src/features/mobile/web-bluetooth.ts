/**
 * Web Bluetooth, as far as `/mobile/bluetooth` and `/mobile/ble` use it: choose a nearby Bluetooth
 * LE device (the browser's own chooser), then read standard GATT characteristics from it.
 * TypeScript's DOM library has no types for it, hence the small interfaces here.
 */

interface GattCharacteristic {
  readValue(): Promise<DataView>
}
interface GattService {
  getCharacteristic(uuid: string | number): Promise<GattCharacteristic>
}
interface GattServer {
  connected: boolean
  connect(): Promise<GattServer>
  disconnect(): void
  getPrimaryService(uuid: string | number): Promise<GattService>
}
export interface BluetoothDeviceLike {
  id: string
  name?: string | null
  gatt?: GattServer
}
interface BluetoothLike {
  getAvailability?: () => Promise<boolean>
  requestDevice(options: {
    acceptAllDevices: boolean
    optionalServices: string[]
  }): Promise<BluetoothDeviceLike>
}

/** The standard services read here; a device's services must be named when it is chosen. */
export const standardServices = ['battery_service', 'device_information']

export class BluetoothProblem extends Error {
  constructor(
    readonly code: 'bluetooth_cancelled' | 'bluetooth_no_adapter' | 'bluetooth_failed',
    readonly reason = '',
  ) {
    super(code)
  }
}

function bluetooth(): BluetoothLike {
  return (navigator as unknown as { bluetooth: BluetoothLike }).bluetooth
}

function problemOf(cause: unknown): BluetoothProblem {
  if (cause instanceof BluetoothProblem) return cause
  const name = errorName(cause)
  // The chooser closed without a device (NotFoundError), or the user refused (NotAllowedError).
  if (name === 'NotFoundError' || name === 'NotAllowedError' || name === 'AbortError')
    return new BluetoothProblem('bluetooth_cancelled')
  return new BluetoothProblem('bluetooth_failed', cause instanceof Error ? cause.message : String(cause))
}

/** Opens the browser's chooser of nearby devices; rejects with a BluetoothProblem. */
export async function chooseDevice(): Promise<BluetoothDeviceLike> {
  try {
    const available = await bluetooth()
      .getAvailability?.()
      .catch(() => true)
    if (available === false) throw new BluetoothProblem('bluetooth_no_adapter')
    return await bluetooth().requestDevice({ acceptAllDevices: true, optionalServices: standardServices })
  } catch (cause) {
    throw problemOf(cause)
  }
}

/** Battery Level (0x2A19): one byte, 0 to 100 percent; anything else is no reading. */
export function batteryPercent(value: DataView): number | null {
  if (value.byteLength < 1) return null
  const percent = value.getUint8(0)
  return percent <= 100 ? percent : null
}

/** A UTF-8 string characteristic (device information), without trailing NULs and spaces. */
export function characteristicText(value: DataView): string {
  const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
  return new TextDecoder('utf-8').decode(bytes).replace(/[\0\s]+$/, '')
}

async function connected(device: BluetoothDeviceLike): Promise<GattServer> {
  if (!device.gatt) throw new BluetoothProblem('bluetooth_failed', 'no GATT server')
  return device.gatt.connected ? device.gatt : device.gatt.connect()
}

/** The battery level in percent, or `missing` when the device has no battery service. */
export async function readBattery(device: BluetoothDeviceLike): Promise<number | null | 'missing'> {
  try {
    const server = await connected(device)
    const service = await server.getPrimaryService('battery_service').catch(() => null)
    if (!service) return 'missing'
    const characteristic = await service.getCharacteristic('battery_level')
    return batteryPercent(await characteristic.readValue())
  } catch (cause) {
    throw problemOf(cause)
  }
}

export interface DeviceInformation {
  manufacturer: string | null
  model: string | null
  firmware: string | null
}

/** Manufacturer (0x2A29), model number (0x2A24), firmware revision (0x2A26), or `missing`. */
export async function readDeviceInformation(
  device: BluetoothDeviceLike,
): Promise<DeviceInformation | 'missing'> {
  try {
    const server = await connected(device)
    const service = await server.getPrimaryService('device_information').catch(() => null)
    if (!service) return 'missing'
    const text = async (name: string) => {
      const characteristic = await service.getCharacteristic(name).catch(() => null)
      const value = characteristic && (await characteristic.readValue().catch(() => null))
      return value ? characteristicText(value) || null : null
    }
    return {
      manufacturer: await text('manufacturer_name_string'),
      model: await text('model_number_string'),
      firmware: await text('firmware_revision_string'),
    }
  } catch (cause) {
    throw problemOf(cause)
  }
}

/** The name of a DOMException or Error (a DOMException need not be an Error in every realm). */
function errorName(cause: unknown): string {
  return typeof cause === 'object' && cause !== null && 'name' in cause && typeof cause.name === 'string'
    ? cause.name
    : ''
}
