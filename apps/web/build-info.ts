import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

interface PackageJson {
  name: string
  version: string
  license?: string | { type?: string }
  licenses?: { type?: string }[]
  dependencies?: Record<string, string>
}

export interface LicenceEntry {
  name: string
  version: string
  license: string
}

/** The package.json of `name` as Node resolves it from `fromDir` (walking up node_modules folders). */
function findPackage(name: string, fromDir: string): { json: PackageJson; dir: string } | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json')
    if (fs.existsSync(file))
      return { json: JSON.parse(fs.readFileSync(file, 'utf8')), dir: path.dirname(file) }
    if (path.dirname(dir) === dir) return null
  }
}

function licenceOf(json: PackageJson): string {
  if (typeof json.license === 'string') return json.license
  if (json.license?.type) return json.license.type
  const types = (json.licenses ?? []).map((entry) => entry.type).filter(Boolean)
  return types.length > 0 ? types.join(' OR ') : 'UNKNOWN'
}

/**
 * Every package the web app ships (its dependencies and theirs, not the dev tools), with its version
 * and licence from the package's own metadata; the workspace's own packages are left out.
 */
export function collectLicences(webDir: string): LicenceEntry[] {
  const root = JSON.parse(fs.readFileSync(path.join(webDir, 'package.json'), 'utf8')) as PackageJson
  const found = new Map<string, LicenceEntry>()
  const visit = (names: string[], fromDir: string) => {
    for (const name of names) {
      if (name.startsWith('@kropla/')) continue
      const resolved = findPackage(name, fromDir)
      if (!resolved) continue
      const key = `${resolved.json.name}@${resolved.json.version}`
      if (found.has(key)) continue
      found.set(key, {
        name: resolved.json.name,
        version: resolved.json.version,
        license: licenceOf(resolved.json),
      })
      visit(Object.keys(resolved.json.dependencies ?? {}), resolved.dir)
    }
  }
  visit(Object.keys(root.dependencies ?? {}), webDir)
  return [...found.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  )
}

const moduleId = 'virtual:build-info'
const resolvedId = `\0${moduleId}`

/** `import { version, licences } from 'virtual:build-info'`: the app's version and its dependencies' licences, read at build time. */
export function buildInfo(): Plugin {
  const webDir = path.dirname(createRequire(import.meta.url).resolve('./package.json'))
  return {
    name: 'kropla-build-info',
    resolveId: (id) => (id === moduleId ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined
      const { version } = JSON.parse(
        fs.readFileSync(path.join(webDir, 'package.json'), 'utf8'),
      ) as PackageJson
      return `export const version = ${JSON.stringify(version)}\nexport const licences = ${JSON.stringify(collectLicences(webDir))}\n`
    },
  }
}
