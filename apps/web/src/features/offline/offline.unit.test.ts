import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { formatAge } from './format-age'
import { manifestFor } from './manifest-link'
import { initialOnlineState, isOnline, nextOnlineState, readWorkerMessage } from './online-state'
import { serviceWorkerRelease, writeRelease } from './service-worker-release'

const now = Date.parse('2026-11-25T12:00:00Z')
const minutes = (count: number) => now - count * 60_000

describe('the age of a value', () => {
  it('says how long ago in the user language', () => {
    expect(formatAge(now - 10_000, now, 'en')).toBe('now')
    expect(formatAge(minutes(5), now, 'en')).toBe('5 minutes ago')
    expect(formatAge(minutes(180), now, 'en')).toBe('3 hours ago')
    expect(formatAge(minutes(180), now, 'pl')).toBe('3 godziny temu')
    expect(formatAge(minutes(3 * 24 * 60), now, 'pl')).toBe('3 dni temu')
  })

  it('never says a value comes from the future (a clock ahead of the device)', () => {
    expect(formatAge(now + 60_000, now, 'en')).toBe('now')
  })
})

describe('online or not', () => {
  it('is offline when the device has no network, online again when it has', () => {
    const offline = nextOnlineState(initialOnlineState(true), { type: 'browser', online: false })
    expect(isOnline(offline)).toBe(false)
    expect(isOnline(nextOnlineState(offline, { type: 'browser', online: true }))).toBe(true)
  })

  it('is offline when reads fail on a network that seems up, keeping the oldest saved answer', () => {
    let state = initialOnlineState(true)
    state = nextOnlineState(state, { type: 'network', reachable: false, savedAt: minutes(30) })
    state = nextOnlineState(state, { type: 'network', reachable: false, savedAt: minutes(90) })
    state = nextOnlineState(state, { type: 'network', reachable: false, savedAt: minutes(10) })
    expect(state).toEqual({ browserOnline: true, serverReachable: false, savedAt: minutes(90) })
    state = nextOnlineState(state, { type: 'network', reachable: true })
    expect(state).toEqual({ browserOnline: true, serverReachable: true, savedAt: null })
  })

  it('reads only the service worker messages it knows', () => {
    expect(readWorkerMessage({ type: 'kropla-network', reachable: false, savedAt: 5 })).toEqual({
      type: 'network',
      reachable: false,
      savedAt: 5,
    })
    expect(readWorkerMessage({ type: 'other', reachable: true })).toBeNull()
    expect(readWorkerMessage('kropla-network')).toBeNull()
  })
})

describe('the service worker release', () => {
  const files = [
    'index.html',
    'sw.js',
    'assets/index-abc.js',
    'assets/index-abc.js.br',
    'assets/echarts-x.js',
  ]
  it('lists the built scripts and styles to keep at install, without the charts and map libraries', () => {
    const { precache, release } = serviceWorkerRelease([...files, 'assets/index-def.css'], 'source')
    expect(precache).toEqual(['/assets/index-abc.js', '/assets/index-def.css'])
    expect(release).toMatch(/^[0-9a-f]{8}$/)
  })

  it('is another release when a built file or the worker changes', () => {
    const first = serviceWorkerRelease(files, 'source').release
    expect(serviceWorkerRelease(files, 'source').release).toBe(first)
    expect(serviceWorkerRelease([...files, 'assets/new-1.js'], 'source').release).not.toBe(first)
    expect(serviceWorkerRelease(files, 'source changed').release).not.toBe(first)
  })

  it('writes both into the worker, and refuses a worker whose lines moved', () => {
    const source = "const release = 'dev'\nconst precacheAssets = []\n"
    expect(writeRelease(source, 'abcd1234', ['/assets/a.js'])).toBe(
      'const release = \'abcd1234\'\nconst precacheAssets = ["/assets/a.js"]\n',
    )
    expect(() => writeRelease('const release = 1', 'x', [])).toThrow(/no release/)
  })
})

interface WorkerScope {
  strategyFor(method: string, url: URL, mode: string, origin: string): string | null
  dataCacheFor(me: unknown): string | null
  staleCaches(names: string[]): string[]
  userCaches(names: string[]): string[]
  shellCache: string
}

/** public/sw.js run in a sandbox with a stand-in `self`: its top-level functions, without a browser. */
function loadWorker(): WorkerScope {
  const source = fs.readFileSync(path.join(import.meta.dirname, '../../../public/sw.js'), 'utf8')
  const sandbox = {
    self: { addEventListener: () => undefined, location: { origin: 'https://farm.test' } },
    URL,
  }
  vm.createContext(sandbox)
  vm.runInContext(
    `${source}\nthis.scope = { strategyFor, dataCacheFor, staleCaches, userCaches, shellCache }`,
    sandbox,
  )
  return (sandbox as unknown as { scope: WorkerScope }).scope
}

describe('the service worker', () => {
  const worker = loadWorker()
  const origin = 'https://farm.test'
  const strategy = (pathAndQuery: string, method = 'GET', mode = 'cors') =>
    worker.strategyFor(method, new URL(pathAndQuery, origin), mode, origin)

  it('answers the page network first, hashed scripts from the cache, kept reads network first', () => {
    expect(strategy('/', 'GET', 'navigate')).toBe('page')
    expect(strategy('/assets/index-abc.js')).toBe('asset')
    expect(strategy('/manifest.webmanifest')).toBe('shell')
    expect(strategy('/models/AGB-2000.svg')).toBe('shell')
    expect(strategy('/api/me')).toBe('data')
    expect(strategy('/api/objects/12')).toBe('data')
    expect(strategy('/api/alarms?state=active')).toBe('data')
  })

  it('leaves writes, reports, admin lists, the live channel and other sites to the browser', () => {
    expect(strategy('/api/objects', 'POST')).toBeNull()
    expect(strategy('/api/reports/templates')).toBeNull()
    expect(strategy('/api/admin/clients')).toBeNull()
    expect(strategy('/api/about')).toBeNull()
    expect(strategy('/socket.io/?EIO=4')).toBeNull()
    expect(strategy('/api/docs', 'GET', 'navigate')).toBeNull()
    expect(worker.strategyFor('GET', new URL('https://tiles.test/1.png'), 'no-cors', origin)).toBeNull()
  })

  it('drops the kept answers and the last push on logout and login, not the app or the map tiles', () => {
    expect(strategy('/logout')).toBe('forget')
    expect(strategy('/login', 'POST')).toBe('forget')
    const names = [
      'kropla-data-u1-c1',
      'kropla-data-u2-c1',
      'kropla-last-push',
      worker.shellCache,
      'kropla-map-tiles-v1',
    ]
    expect(worker.userCaches(names)).toEqual(['kropla-data-u1-c1', 'kropla-data-u2-c1', 'kropla-last-push'])
  })

  it('keeps answers per user and farm, never for an answer without a user', () => {
    expect(worker.dataCacheFor({ user: { id: 7, id_client: 3 } })).toBe('kropla-data-u7-c3')
    expect(worker.dataCacheFor({ user: { id: 7, id_client: 4 } })).toBe('kropla-data-u7-c4')
    expect(worker.dataCacheFor({ error: 'not_authenticated' })).toBeNull()
    expect(worker.dataCacheFor(null)).toBeNull()
  })

  it('removes the last release caches when it takes over, not the kept answers, the last push or the map tiles', () => {
    const names = [
      'kropla-shell-old',
      'kropla-assets-old',
      worker.shellCache,
      'kropla-meta',
      'kropla-data-u1-c1',
      'kropla-last-push',
      'kropla-map-tiles-v1',
      'other',
    ]
    expect(worker.staleCaches(names)).toEqual(['kropla-shell-old', 'kropla-assets-old'])
  })
})

describe('the manifest in both languages', () => {
  const read = (name: string) =>
    JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../public', name), 'utf8')) as Record<
      string,
      unknown
    >
  const english = read('manifest.webmanifest')
  const polish = read('manifest.pl.webmanifest')

  it('is the same installable app in Polish, with its texts translated', () => {
    for (const key of ['name', 'short_name', 'id', 'start_url', 'scope', 'display', 'icons', 'categories'])
      expect(polish[key], key).toEqual(english[key])
    expect(polish.lang).toBe('pl')
    expect(polish.description).not.toBe(english.description)
    const urls = (manifest: Record<string, unknown>) =>
      (manifest.shortcuts as { url: string }[]).map((shortcut) => shortcut.url)
    expect(urls(polish)).toEqual(urls(english))
  })

  it('is linked in the language the app is shown in', () => {
    expect(manifestFor('pl')).toBe('/manifest.pl.webmanifest')
    expect(manifestFor('en')).toBe('/manifest.webmanifest')
  })
})
