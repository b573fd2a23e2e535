/**
 * Leaflet (BSD-2-Clause) and leaflet-geoman-free (MIT), loaded when a map is first shown: never in
 * the login or start bundle. Leaflet's UMD build sets `window.L`, which geoman extends (L.PM and the
 * map's `pm` toolbar), so geoman is imported only after Leaflet has run.
 */
export type Leaflet = typeof import('leaflet')

let leaflet: Promise<Leaflet> | undefined
let geoman: Promise<Leaflet> | undefined

export function loadLeaflet(): Promise<Leaflet> {
  leaflet ??= Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([module]) => {
    const L = (module as { default?: Leaflet }).default ?? (module as Leaflet)
    // Leaflet's UMD build sets it when loaded as a script; a bundler's wrapper may not.
    ;(window as unknown as { L?: Leaflet }).L ??= L
    return L
  })
  return leaflet
}

/** Leaflet with the drawing and editing tools of leaflet-geoman-free. */
export function loadGeoman(): Promise<Leaflet> {
  geoman ??= loadLeaflet().then(async (L) => {
    await Promise.all([
      import('@geoman-io/leaflet-geoman-free'),
      import('@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css'),
    ])
    return L
  })
  return geoman
}
