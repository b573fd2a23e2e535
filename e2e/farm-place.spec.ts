import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { submitForm } from './support/forms'
import { submitLogin, textOf, visit, waitForHash } from './support/journey'
import { fitsWindowOnceSettled } from './support/layout'

/**
 * Issue 15 item 5: the farm's place found by its address in a real browser. The server calls the
 * geocoder (GEOCODER_URL) for the browser, whose Content-Security-Policy allows only the app; here a
 * stand-in for Nominatim on a local socket answers as `/search?format=jsonv2` does.
 */
const places = [
  { lat: '51.8349', lon: '20.8037', display_name: 'Sadowa 5, Belsk Duży, powiat grójecki, 05-622, Polska' },
  { lat: '52.2297', lon: '21.0122', display_name: 'Sadowa, Śródmieście, Warszawa, 00-001, Polska' },
]
const asked: URLSearchParams[] = []
const nominatim = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://stand-in')
  asked.push(url.searchParams)
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify(url.pathname === '/search' ? places : []))
})
await new Promise<void>((resolve) => nominatim.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => nominatim.close(() => resolve())))

const admin = { email: 'sadowa.admin@example.com', password: 'Sadowa-pass-1', farm: 'Sadowa Orchard Farm' }

const env = useJourneyEnvironment({
  simulator: false,
  env: { GEOCODER_URL: `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}` },
  prepare: async ({ cli }) => {
    await cli([
      'user',
      'create',
      '--email',
      admin.email,
      '--password',
      admin.password,
      '--type',
      'admin',
      '--client',
      admin.farm,
    ])
  },
})

describe("the farm's place by address", () => {
  it('finds the address through the server, offers the places, and saves the chosen one', async () => {
    const { page, pageErrors, cspViolations } = await env.visit()
    await visit(page, env.stack.baseUrl, '/login')
    await submitLogin(page, admin)
    await waitForHash(page, '#/')
    await visit(page, env.stack.baseUrl, '/settings/profile/client')
    const card = page.getByTestId('farm-place')
    await card.waitFor()
    await page.locator('input[name="farm_place.address"]').fill('Sadowa 5, Belsk')
    await card.getByRole('button', { name: 'Find the address' }).click()
    const found = card.getByTestId('farm-found-places')
    await found.getByLabel(places[0]!.display_name).waitFor()
    expect(await found.getByRole('radio').count()).toBe(2)
    expect(asked.at(-1)?.get('q')).toBe('Sadowa 5, Belsk')
    expect(asked.at(-1)?.get('accept-language')).toBe('en')
    await found.getByLabel(places[0]!.display_name).check()
    expect(await textOf(page, 'farm-point')).toBe(
      `Latitude 51.83490°, longitude 20.80370° · Point taken from: ${places[0]!.display_name}`,
    )
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    await screenshot(page, 'farm-place-01-address-found')
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await card.evaluate((element) => element.scrollIntoView({ block: 'start' }))
    await screenshot(page, 'farm-place-01-address-found-390')

    expect((await submitForm(page, '/api/client'))?.ok()).toBe(true)
    await page.getByText('Changes saved.').waitFor()
    const saved = await (await page.request.get(`${env.stack.baseUrl}/api/client`)).json()
    expect(saved.farm_place).toEqual({ address: 'Sadowa 5, Belsk', location: { lat: 51.8349, lng: 20.8037 } })

    // The account has no located module: the map opens on the farm.
    await visit(page, env.stack.baseUrl, '/map')
    await page.locator('[data-testid="farm-map"][data-ready="true"]').waitFor()
    expect(await page.getByTestId('farm-map').getAttribute('data-opened-on')).toBe('farm_place')
    expect(cspViolations).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
