import fs from 'node:fs'
import path from 'node:path'
import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, visit } from './support/journey'
import { fitsWindowOnceSettled } from './support/layout'

/**
 * Issue 16 items 9, 11, 13 and 14 in Chromium at a phone's 390 px: a browser without Web NFC or
 * Web Bluetooth says so; then, with a stand-in NFC reader and camera (Chromium on Linux has neither
 * NDEFReader nor a camera here), a module's tag opens its page and a box's QR code, read by jsQR
 * from the camera's frames, fills the add-module wizard; the data display shows live values large, kept awake by the real Wake Lock API.
 */
// The simulator sends the demo farm's readings: the data display shows them as they arrive.
const env = useJourneyEnvironment()
const en = catalogues.en
const pl = catalogues.pl
const phone = { width: 390, height: 844 }
const tagSerial = 'DEMO-ENV-0001'

/** The QR code printed on a module's box (made with qrencode): `KROPLA:NEW-4711:5813`. */
const boxLabelQr = `data:image/png;base64,${fs.readFileSync(path.join(import.meta.dirname, 'fixtures/box-label-qr.png')).toString('base64')}`

/**
 * Stand-ins for the phone's NFC reader and camera, installed in every page the context opens. The
 * camera films the box's QR code; without BarcodeDetector (as on desktop Chromium) the app reads
 * the frames with jsQR, so the real fallback reads real pixels.
 */
function installStandIns({ serial, qr }: { serial: string; qr: string }) {
  class StandInReader {
    onreading: ((event: unknown) => void) | null = null
    onreadingerror: (() => void) | null = null
    async scan() {
      // A tag comes near a moment after scanning starts: a text record as the app writes it.
      setTimeout(() => {
        const data = new DataView(new TextEncoder().encode(`KROPLA:${serial}`).buffer)
        this.onreading?.({ serialNumber: '04:a2', message: { records: [{ recordType: 'text', data }] } })
      }, 300)
    }
    async write() {}
  }
  Object.assign(window, { NDEFReader: StandInReader })
  Reflect.deleteProperty(window, 'BarcodeDetector')
  // The camera: a canvas's stream showing the label, so the video element plays real frames.
  const canvas = document.createElement('canvas')
  canvas.width = 320
  canvas.height = 240
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () => {
        const context = canvas.getContext('2d')
        const label = new Image()
        label.src = qr
        await label.decode()
        const paint = () => {
          if (context) {
            context.fillStyle = '#fff'
            context.fillRect(0, 0, 320, 240)
            context.drawImage(label, 70, 30, 180, 180)
          }
          requestAnimationFrame(paint)
        }
        paint()
        return canvas.captureStream(10)
      },
    },
  })
}

async function fitsPhone(page: Page, name: string) {
  expect(await fitsWindowOnceSettled(page)).toBe(true)
  await screenshot(page, name)
}

describe('the phone devices', () => {
  it('says where NFC and Bluetooth are missing, opens a tag, fills the wizard from a box, shows values large', async () => {
    const { page, context, pageErrors, scripts } = await env.visit()
    // A browser without Web Bluetooth (Firefox, Safari): whatever this Chromium has, it is taken away.
    await context.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'bluetooth')
    })
    await logInAsDemo(page, env.stack.baseUrl)
    await page.setViewportSize(phone)

    await visit(page, env.stack.baseUrl, '/mobile/nfc')
    await page
      .getByTestId('nfc-unsupported')
      .getByText(/cannot read or write NFC tags/)
      .waitFor()
    expect(await page.getByTestId('nfc-scan').count()).toBe(0)
    await fitsPhone(page, 'mobile-nfc-unsupported-390')

    await visit(page, env.stack.baseUrl, '/mobile/bluetooth')
    await page
      .getByTestId('bluetooth-unsupported')
      .getByText(/no Web Bluetooth/)
      .waitFor()
    expect(await page.getByTestId('bluetooth-find').count()).toBe(0)
    await fitsPhone(page, 'mobile-bluetooth-unsupported-390')

    await context.addInitScript(installStandIns, { serial: tagSerial, qr: boxLabelQr })
    await visit(page, env.stack.baseUrl, '/mobile/nfc')
    await page.getByTestId('nfc-write-module').waitFor()
    await fitsPhone(page, 'mobile-nfc-390')
    await page.getByTestId('nfc-scan').click()
    await page.waitForURL((url) => /^#\/kropla_2\/modules\/\d+$/.test(url.hash))
    await page.getByText(tagSerial).first().waitFor()

    await visit(page, env.stack.baseUrl, '/mobile/boxs')
    await page.getByTestId('camera-toggle').click()
    const wizard = page.getByRole('dialog', { name: en.modules.wizard_title })
    await wizard.waitFor()
    expect(await wizard.getByRole('textbox', { name: en.modules.serial }).inputValue()).toBe('NEW-4711')
    expect(await wizard.getByRole('textbox', { name: en.modules.pin }).inputValue()).toBe('5813')
    // Read by the library, loaded only now (no BarcodeDetector here).
    expect(scripts.filter((url) => /\/jsQR-[\w-]+\.js$/.test(url))).toHaveLength(1)
    await fitsPhone(page, 'mobile-boxs-wizard-390')

    await visit(page, env.stack.baseUrl, '/mobile/datadisplay')
    await page.getByTestId('display-empty').waitFor()
    await page.getByTestId('display-choose').click()
    await page.getByTestId('display-choose').fill(en.fields.HUMIDITY_1)
    await page
      .getByRole('listbox')
      .getByRole('option', { name: `${en.fields.HUMIDITY_1} · Tomato field probe` })
      .click()
    await page.keyboard.press('Escape')
    const value = page.getByTestId('display-value').filter({ hasText: /^\d{1,3}\.\d %$/ })
    await value.waitFor({ timeout: 60_000 })
    await page.getByTestId('display-age').waitFor()
    await page.getByTestId('wake-on').waitFor()
    await fitsPhone(page, 'mobile-datadisplay-390')
    // Kept on the device: the same value after the page is opened afresh.
    await visit(page, env.stack.baseUrl, '/mobile/datadisplay')
    await page.getByTestId('wake-on').waitFor()
    await page
      .getByTestId('display-value')
      .filter({ hasText: /^\d{1,3}\.\d %$/ })
      .waitFor()
    expect(await page.getByTestId('display-value').count()).toBe(1)
    await page.setViewportSize(desktop)
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await screenshot(page, 'mobile-datadisplay-1280')
    await page.setViewportSize(phone)
    // In Polish, at arm's length on a phone: the same value, the longer words still fit.
    await page.getByLabel('Language').selectOption('pl')
    await page.getByRole('heading', { name: pl.nav.datadisplay }).waitFor()
    await page.getByTestId('wake-on').getByText(pl.mobile_devices.wake_on).waitFor()
    await fitsPhone(page, 'mobile-datadisplay-pl-390')

    // Push for this device (in Polish now): the screen and its last-received card, whatever this Chromium allows.
    await visit(page, env.stack.baseUrl, '/mobile/fcm')
    await page.getByTestId('fcm-last').getByText(pl.mobile_devices.fcm_none).waitFor()
    await fitsPhone(page, 'mobile-fcm-390')

    // The same screens on a desktop.
    await page.setViewportSize(desktop)
    for (const route of ['fcm', 'nfc', 'boxs', 'bluetooth']) {
      await visit(page, env.stack.baseUrl, `/mobile/${route}`)
      await page.getByRole('heading', { name: pl.nav[route as 'fcm'] }).waitFor()
      expect(await fitsWindowOnceSettled(page)).toBe(true)
      await screenshot(page, `mobile-${route}-1280`)
    }
    expect(pageErrors).toEqual([])
  })
})
