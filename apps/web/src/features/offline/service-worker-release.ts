/**
 * Scripts the service worker does not fetch at install: the charts and the map libraries are
 * large and useless without a connection (no history to draw, no tiles); they are kept the first
 * time a screen loads them, like any script.
 */
const notPrecached = /^assets\/(echarts|leaflet|leaflet-geoman|leaflet-src)-/

/**
 * What the build writes into dist/sw.js: the release (a hash of the built files' names, which
 * carry their content's hash, and of the worker's own text, so any change installs a new worker
 * and its caches) and the scripts and styles to fetch at install.
 */
export function serviceWorkerRelease(
  builtFiles: readonly string[],
  workerSource: string,
): { release: string; precache: string[] } {
  const assets = builtFiles
    .map((file) => file.split('\\').join('/'))
    .filter((file) => /^assets\/[^/]+\.(js|css)$/.test(file))
    .sort()
  const release = fnv1a(`${workerSource}\n${assets.join('\n')}`)
  return { release, precache: assets.filter((file) => !notPrecached.test(file)).map((file) => `/${file}`) }
}

/** dist/sw.js with the release and the list in place of the development values; throws if they moved. */
export function writeRelease(workerSource: string, release: string, precache: readonly string[]): string {
  const releaseLine = "const release = 'dev'"
  const listLine = 'const precacheAssets = []'
  if (!workerSource.includes(releaseLine) || !workerSource.includes(listLine))
    throw new Error('service-worker-build: sw.js has no release or precache line to fill in')
  return workerSource
    .replace(releaseLine, `const release = '${release}'`)
    .replace(listLine, `const precacheAssets = ${JSON.stringify(precache)}`)
}

/** A 32-bit FNV-1a hash in hex: enough to tell releases apart (no secret, no collision attack). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}
