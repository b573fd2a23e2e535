import type { Locator, Page } from 'playwright-core'

/**
 * Whether the page fits the window sideways once its layout has settled after a resize: the menu
 * slides away when the window narrows to a phone's width, and on a busy machine the page is a few
 * pixels wider than the window for a moment. Polls for up to 30 s and answers as soon as the page
 * fits; false when it never does (a real horizontal scroll), so an assertion on it still fails.
 */
export function fitsWindowOnceSettled(page: Page, timeout = 30_000): Promise<boolean> {
  return page
    .waitForFunction(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      null,
      { timeout },
    )
    .then(
      () => true,
      () => false,
    )
}

/**
 * Where an element is on the page. Map markers are drawn again when readings restyle them, so one can
 * be replaced between being found and being measured; this measures whichever is there, within 30 s.
 */
export async function boxOf(
  locator: Locator,
  timeout = 30_000,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const deadline = Date.now() + timeout
  for (;;) {
    await locator.waitFor({ timeout: Math.max(1, deadline - Date.now()) })
    const box = await locator.boundingBox()
    if (box) return box
    if (Date.now() > deadline) throw new Error(`${locator} has no place on the page`)
  }
}
