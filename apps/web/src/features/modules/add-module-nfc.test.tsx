import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFakeObjectsServer } from '../../testing/fake-objects'
import { renderApp } from '../../testing/render-app'

/** Stands in for Chrome's Web NFC reader: the test brings a tag near by calling `touch`. */
class FakeNdefReader {
  static last: FakeNdefReader | null = null
  onreading: ((event: { message: { records: { recordType: string; data: DataView }[] } }) => void) | null =
    null
  onreadingerror: (() => void) | null = null
  constructor() {
    FakeNdefReader.last = this
  }
  async scan() {}
  touch(text: string) {
    const bytes = new TextEncoder().encode(text)
    this.onreading?.({ message: { records: [{ recordType: 'text', data: new DataView(bytes.buffer) }] } })
  }
}

beforeEach(() => {
  Object.assign(window, { NDEFReader: FakeNdefReader })
})
afterEach(() => {
  Reflect.deleteProperty(window, 'NDEFReader')
  FakeNdefReader.last = null
})

async function scan(text: string) {
  fireEvent.click(await screen.findByTestId('scan-nfc'))
  await waitFor(() => expect(FakeNdefReader.last).not.toBeNull())
  await act(async () => FakeNdefReader.last?.touch(text))
}

describe('adding a module by its NFC tag', () => {
  it('reads the tag and goes on to the settings of that model', async () => {
    const { server, callsTo } = createFakeObjectsServer()
    renderApp('/kropla_2/modules?add=1', { server })
    await scan('KROPLA:AIR-0002:1234')
    expect(
      await screen.findByRole('heading', { name: 'Configure your temperature and humidity sensor' }),
    ).toBeTruthy()
    expect(callsTo('POST', '/api/objects/nfc')[0]?.body).toEqual({ code: 'KROPLA:AIR-0002:1234' })
  })

  it('says when the tag is not recognised or the module is in use', async () => {
    const { server } = createFakeObjectsServer()
    renderApp('/kropla_2/modules?add=1', { server })
    await scan('hello')
    expect((await screen.findByTestId('nfc-error')).textContent).toBe('NFC code unrecognized.')
    await scan('KROPLA:HERE-0001:1234')
    await waitFor(() =>
      expect(screen.getByTestId('nfc-error').textContent).toBe('This device is already in use.'),
    )
  })
})
