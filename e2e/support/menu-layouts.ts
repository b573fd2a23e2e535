import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { screenshot } from './browser'
import type { JourneyEnvironment } from './environment'
import { logInAsDemo, visit } from './journey'

/**
 * Issue 15 items 7, 8 and 11: every screen the main menu offers opens, and at a phone's 390 px and a
 * desktop's 1280 px nothing sticks out sideways: the document is no wider than the window and every
 * button of the screen lies inside it (an action reachable only by scrolling a table sideways fails).
 * One journey a width (layouts-phone, layouts-desktop), so that two workers share them.
 */
export const phone = { width: 390, height: 844 }
export const desktop = { width: 1280, height: 800 }

/** Opens every group of the menu and reads the addresses of its links, in menu order. */
async function menuAddresses(page: Page): Promise<string[]> {
  const menu = page.getByTestId('main-nav')
  // A group is a Mantine NavLink without an address; an open one carries data-expanded.
  const groups = menu.locator('a:not([href])')
  await groups.nth(1).waitFor()
  for (let index = 0; index < (await groups.count()); index++) {
    const group = groups.nth(index)
    if ((await group.getAttribute('data-expanded')) !== null) continue
    await group.click()
    await page.waitForFunction(
      (at) =>
        document
          .querySelectorAll('[data-testid="main-nav"] a:not([href])')
          [at]?.hasAttribute('data-expanded'),
      index,
    )
  }
  const hrefs = await menu
    .locator('a[href^="#/"]')
    .evaluateAll((links) => links.map((link) => (link.getAttribute('href') ?? '').slice(1)))
  return [...new Set(hrefs)]
}

interface Overflow {
  scrollWidth: number
  viewport: number
  /** Buttons and links of the screen that lie (partly) outside the window. */
  outside: string[]
}

async function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth
    const main = document.querySelector('main') ?? document.body
    const outside = [...main.querySelectorAll<HTMLElement>('button, a[href], input, select')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        if (box.width === 0 || box.height === 0) return false
        if (element.closest('[aria-hidden="true"], [inert]')) return false
        if (box.left < -1 || box.right > viewport + 1) return true
        // Inside the window but cut off by a box that scrolls or clips sideways (a wide table's card).
        for (let parent = element.parentElement; parent && parent !== main; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX === 'visible') continue
          const frame = parent.getBoundingClientRect()
          if (box.left < frame.left - 1 || box.right > frame.right + 1) return true
        }
        return false
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '').trim().slice(0, 40)}"`,
      )
    return { scrollWidth: document.documentElement.scrollWidth, viewport, outside }
  })
}

/** Waits until the screen has painted its content (no loader left in the main area). */
async function settle(page: Page): Promise<void> {
  await page.locator('main').waitFor()
  await page.waitForFunction(() => {
    const main = document.querySelector('main')
    return main !== null && main.textContent !== '' && main.querySelector('.mantine-Loader-root') === null
  })
  // A grid measures its container after the first paint (the dashboard's widgets start at a default
  // width): give the page a moment to fit, then measure whatever it settled on.
  await page
    .waitForFunction(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      null,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined)
}

const slug = (address: string) => address.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'start'

/** Opens every menu screen at `size` and fails with each one that sticks out sideways. */
export async function checkEveryMenuScreen(env: JourneyEnvironment, size: { width: number; height: number }) {
  const { page, pageErrors } = await env.visit()
  await logInAsDemo(page, env.stack.baseUrl)
  const addresses = await menuAddresses(page)
  expect(addresses.length).toBeGreaterThan(10)
  expect(addresses).toContain('/')

  const problems: string[] = []
  await page.setViewportSize(size)
  for (const address of addresses) {
    await visit(page, env.stack.baseUrl, address)
    await settle(page)
    expect(await page.getByTestId('not-found').count(), address).toBe(0)
    const { scrollWidth, viewport, outside } = await measure(page)
    if (scrollWidth > viewport) problems.push(`${size.width}px ${address}: page ${scrollWidth} > ${viewport}`)
    for (const element of outside) problems.push(`${size.width}px ${address}: ${element} outside the window`)
    await screenshot(page, `layout-${size.width}-${slug(address)}`)
  }
  expect(problems).toEqual([])
  expect(pageErrors).toEqual([])
}
