/**
 * Every test file runs in exactly one vitest project, and a unit test imports nothing that needs a
 * database, broker, socket, server or DOM. vitest runs only the files a project's globs match, so a
 * misnamed file would otherwise never run, silently. Run by `npm test` (`npm run check:tiers`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createVitest } from 'vitest/node'

const repo = path.resolve(import.meta.dirname, '..')
const looksLikeTest = /\.(test|spec)\.[cm]?[jt]sx?$/
const skipped = new Set(['node_modules', 'dist', '.git'])

/** An import (static or dynamic) of a module whose specifier matches `specifier`. */
const importOf = (specifier: string) => new RegExp(`(?:from|import)\\s*\\(?\\s*['"](?:${specifier})['"]`)

/** Imports a unit test may not make: each starts a database, broker, socket, server, DOM or browser. */
const integrationOnly: [string, RegExp][] = [
  ['the test server', importOf('(?:\\.\\.?/)+test/test-server')],
  ['a test database', importOf('(?:\\.\\.?/)+test/test-database')],
  ['a stand-in service', importOf('(?:\\.\\.?/)+test/stand-in-(?:services|smtp)')],
  ['the rendered app', importOf('(?:\\.\\.?/)+testing/render-app')],
  ['Testing Library', importOf('@testing-library/[^\'"]+')],
  ['a database', importOf('@electric-sql/pglite[^\'"]*|pg')],
  ['a broker or socket', importOf('mqtt|aedes|socket\\.io|socket\\.io-client|node:net|node:http')],
  ['a browser', importOf('playwright-core')],
]

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return []
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(full)
    return looksLikeTest.test(entry.name) ? [full] : []
  })
}

const vitest = await createVitest('test', { watch: false, config: path.join(repo, 'vitest.config.ts') })
const projectsOf = new Map<string, string[]>()
try {
  for (const spec of await vitest.globTestSpecifications()) {
    projectsOf.set(spec.moduleId, [...(projectsOf.get(spec.moduleId) ?? []), spec.project.name])
  }
} finally {
  await vitest.close()
}

const problems: string[] = []
for (const file of testFiles(repo)) {
  const name = path.relative(repo, file)
  const projects = projectsOf.get(file) ?? []
  if (projects.length !== 1) {
    problems.push(`${name}: in ${projects.length === 0 ? 'no project' : `projects ${projects.join(', ')}`}`)
    continue
  }
  if (projects[0] !== 'unit') continue
  const source = readFileSync(file, 'utf8')
  for (const [what, pattern] of integrationOnly) {
    if (pattern.test(source)) problems.push(`${name}: a unit test needing ${what}; name it *.test.ts`)
  }
}

if (problems.length > 0) {
  console.error(
    `Test files outside the tiers (see vitest.config.ts):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  )
  process.exit(1)
}
console.log(`${projectsOf.size} test files, each in one project`)
