import type { ObjectSummary } from '@kropla/domain'
import { meFixture, objectFixture } from '@kropla/domain/testing'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeObjectsServer } from '../../testing/fake-objects'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'
import { displayChoiceKey } from './display-choice'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

const fiveMinutesAgo = () => new Date(Date.now() - 5 * 60_000).toISOString()
const probe = (): ObjectSummary =>
  objectFixture({
    id: 5,
    name: 'North probe',
    serial: 'P-1',
    last_device_model: 'AM-100-103',
    latest: { TEMP_1: { value: 21.5, dtimestamp: fiveMinutesAgo(), previous: null } },
  })

function open(path: string) {
  const fake = createFakeObjectsServer({ me: meFixture({ objects: [probe()] }) })
  return { ...renderApp(path, { server: fake.server }), fake }
}

/** Stands in for Chrome's NDEFReader: the test holds a tag near with `touch`, and reads what was written. */
class FakeNdefReader {
  static last: FakeNdefReader | null = null
  static written: unknown[] = []
  onreading: ((event: { message: { records: { recordType: string; data: DataView }[] } }) => void) | null =
    null
  onreadingerror: (() => void) | null = null
  constructor() {
    FakeNdefReader.last = this
  }
  async scan() {}
  async write(message: unknown, _options?: { signal?: AbortSignal }) {
    FakeNdefReader.written.push(message)
  }
  touch(...records: [string, string][]) {
    this.onreading?.({
      message: {
        records: records.map(([recordType, text]) => ({
          recordType,
          data: new DataView(new TextEncoder().encode(text).buffer),
        })),
      },
    })
  }
}

beforeEach(() => {
  socket = createFakeSocket()
})
afterEach(() => {
  for (const name of ['NDEFReader', 'BarcodeDetector']) Reflect.deleteProperty(window, name)
  for (const name of ['bluetooth', 'wakeLock', 'mediaDevices']) Reflect.deleteProperty(navigator, name)
  FakeNdefReader.last = null
  FakeNdefReader.written = []
  localStorage.clear()
})

/** The value of a field of the add-module wizard, once the wizard is open. */
async function wizardField(label: string): Promise<string> {
  const dialog = await screen.findByRole('dialog', { name: 'Add module' })
  return (within(dialog).getByRole('textbox', { name: label }) as HTMLInputElement).value
}

async function scanTag(...records: [string, string][]) {
  fireEvent.click(await screen.findByTestId('nfc-scan'))
  await waitFor(() => expect(FakeNdefReader.last).not.toBeNull())
  await act(async () => FakeNdefReader.last?.touch(...records))
}

describe('/mobile/nfc', () => {
  it('says plainly when the browser has no Web NFC and opens a typed serial instead', async () => {
    const { router } = open('/mobile/nfc')
    expect((await screen.findByTestId('nfc-unsupported')).textContent).toContain(
      'cannot read or write NFC tags',
    )
    expect(screen.queryByTestId('nfc-scan')).toBeNull()
    fireEvent.change(screen.getByTestId('typed-label'), { target: { value: 'p-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/kropla_2/modules/5'))
  })

  it("opens the module a tag's link names", async () => {
    Object.assign(window, { NDEFReader: FakeNdefReader })
    const { router } = open('/mobile/nfc')
    await scanTag(['url', `${window.location.origin}/#/kropla_2/modules/5`])
    await waitFor(() => expect(router.state.location.pathname).toBe('/kropla_2/modules/5'))
  })

  it("opens a tag written by another server by its serial, not by that server's module id", async () => {
    Object.assign(window, { NDEFReader: FakeNdefReader })
    const { router } = open('/mobile/nfc')
    await scanTag(['url', 'https://elsewhere.example/#/kropla_2/modules/1'], ['text', 'KROPLA:P-1'])
    await waitFor(() => expect(router.state.location.pathname).toBe('/kropla_2/modules/5'))
  })

  it('opens the add-module wizard with serial and PIN for a module not on the account', async () => {
    Object.assign(window, { NDEFReader: FakeNdefReader })
    const { router } = open('/mobile/nfc')
    await scanTag(['text', 'KROPLA:AIR-0002:1234'])
    await waitFor(() => expect(router.state.location.search).toBe('?add=1&serial=AIR-0002&pin=1234'))
    expect(await wizardField('Serial number')).toBe('AIR-0002')
    expect(await wizardField('PIN')).toBe('1234')
  })

  it('says when a tag is not a module tag, or names a module of another account', async () => {
    Object.assign(window, { NDEFReader: FakeNdefReader })
    open('/mobile/nfc')
    await scanTag(['text', 'hello'])
    expect((await screen.findByTestId('nfc-problem')).textContent).toBe(
      'This tag is not a Kropla module tag.',
    )
    await scanTag(['url', `${window.location.origin}/#/kropla_2/modules/99`])
    await waitFor(() =>
      expect(screen.getByTestId('nfc-problem').textContent).toBe('This module is not on your account.'),
    )
  })

  it("writes a module's link and serial on a tag", async () => {
    Object.assign(window, { NDEFReader: FakeNdefReader })
    open('/mobile/nfc')
    fireEvent.click(await screen.findByTestId('nfc-write-module'))
    fireEvent.click(await screen.findByRole('option', { name: 'North probe · P-1', hidden: true }))
    fireEvent.click(screen.getByTestId('nfc-write'))
    expect((await screen.findByTestId('nfc-written')).textContent).toBe('Tag written for North probe.')
    expect(FakeNdefReader.written).toEqual([
      {
        records: [
          { recordType: 'url', data: `${window.location.origin}/#/kropla_2/modules/5` },
          { recordType: 'text', data: 'KROPLA:P-1' },
        ],
      },
    ])
  })

  it('stops waiting for a tag to write when asked, without calling it a failure', async () => {
    class SlowWriter extends FakeNdefReader {
      override write(_: unknown, options?: { signal?: AbortSignal }) {
        return new Promise<void>((_resolve, reject) =>
          options?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        )
      }
    }
    Object.assign(window, { NDEFReader: SlowWriter })
    open('/mobile/nfc')
    fireEvent.click(await screen.findByTestId('nfc-write-module'))
    fireEvent.click(await screen.findByRole('option', { name: 'North probe · P-1', hidden: true }))
    fireEvent.click(screen.getByTestId('nfc-write'))
    expect(await screen.findByText('Hold an empty or rewritable tag near the phone…')).toBeTruthy()
    fireEvent.click(screen.getByTestId('nfc-write-stop'))
    await waitFor(() => expect(screen.queryByTestId('nfc-write-stop')).toBeNull())
    expect(screen.queryByTestId('nfc-problem')).toBeNull()
    expect(screen.queryByTestId('nfc-written')).toBeNull()
  })
})

describe('/mobile/boxs', () => {
  it('says plainly when there is no camera and takes the typed label', async () => {
    Reflect.deleteProperty(navigator, 'mediaDevices')
    const { router } = open('/mobile/boxs')
    expect((await screen.findByTestId('camera-unsupported')).textContent).toContain('cannot use the camera')
    fireEvent.change(screen.getByTestId('typed-label'), { target: { value: 'nonsense label' } })
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(await screen.findByText(/Type a serial number/)).toBeTruthy()
    fireEvent.change(screen.getByTestId('typed-label'), { target: { value: 'KROPLA:AIR-0002:1234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    await waitFor(() => expect(router.state.location.search).toBe('?add=1&serial=AIR-0002&pin=1234'))
    expect(await wizardField('Serial number')).toBe('AIR-0002')
  })

  it("reads the box's QR code from the camera with the browser's BarcodeDetector", async () => {
    const stop = vi.fn()
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
    })
    const frames = ['https://elsewhere.example/', 'KROPLA:AIR-0002:1234']
    Object.assign(window, {
      BarcodeDetector: class {
        static async getSupportedFormats() {
          return ['qr_code']
        }
        async detect() {
          return [{ rawValue: frames.shift() ?? '' }]
        }
      },
    })
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4)
    const { router } = open('/mobile/boxs')
    fireEvent.click(await screen.findByTestId('camera-toggle'))
    await waitFor(() => expect(router.state.location.search).toBe('?add=1&serial=AIR-0002&pin=1234'), {
      timeout: 5000,
    })
    expect(await wizardField('PIN')).toBe('1234')
    expect(stop).toHaveBeenCalled()
    vi.restoreAllMocks()
  })

  it('says when the camera is refused', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError'))) },
    })
    open('/mobile/boxs')
    fireEvent.click(await screen.findByTestId('camera-toggle'))
    expect((await screen.findByTestId('boxs-problem')).textContent).toContain(
      'The camera could not be opened',
    )
  })
})

function bluetoothDevice(services: Record<string, Record<string, number[]>>) {
  const server = {
    connected: false,
    async connect() {
      server.connected = true
      return server
    },
    disconnect() {},
    async getPrimaryService(name: string) {
      const service = services[name]
      if (!service) throw new DOMException('No service', 'NotFoundError')
      return {
        async getCharacteristic(characteristic: string) {
          const bytes = service[characteristic]
          if (!bytes) throw new DOMException('No characteristic', 'NotFoundError')
          return { readValue: async () => new DataView(new Uint8Array(bytes).buffer) }
        },
      }
    },
  }
  return { id: 'dev-1', name: 'Soil sensor', gatt: server }
}

describe('/mobile/bluetooth and /mobile/ble', () => {
  it('says plainly when the browser has no Web Bluetooth', async () => {
    open('/mobile/ble')
    expect((await screen.findByTestId('bluetooth-unsupported')).textContent).toContain('no Web Bluetooth')
    expect(screen.queryByTestId('bluetooth-find')).toBeNull()
  })

  it("reads a chosen device's battery level", async () => {
    const requestDevice = vi.fn(async () => bluetoothDevice({ battery_service: { battery_level: [87] } }))
    Object.defineProperty(navigator, 'bluetooth', { configurable: true, value: { requestDevice } })
    open('/mobile/ble')
    fireEvent.click(await screen.findByTestId('bluetooth-find'))
    expect((await screen.findByTestId('battery-level')).textContent).toBe('87 %')
    expect(screen.getByText('Soil sensor')).toBeTruthy()
    expect(requestDevice).toHaveBeenCalledWith({
      acceptAllDevices: true,
      optionalServices: ['battery_service', 'device_information'],
    })
  })

  it("reads a device's standard information, and says when it has no battery service", async () => {
    const text = (value: string) => [...new TextEncoder().encode(value)]
    const device = bluetoothDevice({
      device_information: {
        manufacturer_name_string: text('Acme'),
        model_number_string: text('S-2'),
      },
    })
    Object.defineProperty(navigator, 'bluetooth', {
      configurable: true,
      value: { requestDevice: async () => device },
    })
    open('/mobile/bluetooth')
    fireEvent.click(await screen.findByTestId('bluetooth-find'))
    expect(await screen.findByText('Acme')).toBeTruthy()
    expect(screen.getByText('S-2')).toBeTruthy()
    expect(screen.getByText('not given by the device')).toBeTruthy()
  })

  it('says when no device was chosen or Bluetooth is off', async () => {
    let available = true
    Object.defineProperty(navigator, 'bluetooth', {
      configurable: true,
      value: {
        getAvailability: async () => available,
        requestDevice: async () => Promise.reject(new DOMException('cancelled', 'NotFoundError')),
      },
    })
    open('/mobile/ble')
    fireEvent.click(await screen.findByTestId('bluetooth-find'))
    expect((await screen.findByTestId('bluetooth-problem')).textContent).toBe('No device was chosen.')
    available = false
    fireEvent.click(screen.getByTestId('bluetooth-find'))
    await waitFor(() =>
      expect(screen.getByTestId('bluetooth-problem').textContent).toBe(
        'Bluetooth is off or this device has none.',
      ),
    )
  })
})

describe('/mobile/datadisplay', () => {
  it('shows the chosen values large with their unit and age, remembered on the device', async () => {
    localStorage.setItem(displayChoiceKey, JSON.stringify(['5:TEMP_1']))
    open('/mobile/datadisplay')
    const tile = await screen.findByTestId('display-P-1-TEMP_1')
    expect(tile.querySelector('[data-testid="display-value"]')?.textContent).toMatch(/^21\.5\d* °C$/)
    expect(tile.querySelector('[data-testid="display-age"]')?.textContent).toBe('5 min ago')
    expect(screen.getByTestId('wake-note').textContent).toContain('cannot keep the screen awake')
  })

  it('keeps the screen awake and asks again when the page is shown again', async () => {
    localStorage.setItem(displayChoiceKey, JSON.stringify(['5:TEMP_1']))
    const sentinels: { release: () => void }[] = []
    const request = vi.fn(async () => {
      const listeners: (() => void)[] = []
      const sentinel = {
        released: false,
        addEventListener: (_: string, listener: () => void) => listeners.push(listener),
        release: async () => {
          sentinel.released = true
          for (const listener of listeners) listener()
        },
      }
      sentinels.push(sentinel)
      return sentinel
    })
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } })
    open('/mobile/datadisplay')
    expect((await screen.findByTestId('wake-on')).textContent).toBe('Screen kept awake')
    // The browser lets the lock go when the page is hidden.
    await act(async () => sentinels[0]?.release())
    expect((await screen.findByTestId('wake-note')).textContent).toContain('The screen may go dark')
    await act(async () => document.dispatchEvent(new Event('visibilitychange')))
    expect(await screen.findByTestId('wake-on')).toBeTruthy()
    expect(request).toHaveBeenCalledTimes(2)
  })

  it('asks for a choice when none is kept, and drops a stored choice it cannot read', async () => {
    localStorage.setItem(displayChoiceKey, '{broken')
    open('/mobile/datadisplay')
    expect((await screen.findByTestId('display-empty')).textContent).toBe('Choose one or more values above.')
  })
})
