/**
 * Whole-page navigation, in one place so tests can replace it (jsdom cannot reload a page).
 * Spec 01 section 4: after a client switch or a re-authorization everything on screen is stale.
 */
export function reloadPage(hash?: string): void {
  if (hash !== undefined) window.location.hash = hash
  window.location.reload()
}
