const reloadedAtKey = 'kropla.reloadedForNewVersion'

/**
 * After a new version is deployed, the open page asks for code chunks that no longer exist. Vite
 * reports it as `vite:preloadError`: load the page again, at most once a minute so that a chunk
 * that is really missing cannot cause a reload loop.
 */
export function reloadOnStaleChunks(window: Window, now: () => number = Date.now) {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(window.sessionStorage.getItem(reloadedAtKey) ?? 0)
    if (now() - last < 60_000) return
    event.preventDefault()
    window.sessionStorage.setItem(reloadedAtKey, String(now()))
    window.location.reload()
  })
}
