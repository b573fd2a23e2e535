import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * SQL lives in data-access modules only (`*-dal.ts` beside the feature, or `src/db` for shared
 * helpers): services keep the rules and call them. This fails with the files that query the
 * database some other way.
 */
const serverSrc = path.resolve(import.meta.dirname, '..')

/** What querying looks like: value imports of drizzle or the tables, SQL templates, raw pg queries. */
const queryPatterns: [string, RegExp][] = [
  ['imports drizzle-orm', /^import\s+(?!type\s)[^']*?from\s+'drizzle-orm[^']*'/ms],
  ['imports the tables', /^import\s+(?!type\s)[^']*?from\s+'[./]*db\/schema'/ms],
  ['imports pg', /^import\s+(?!type\s)[^']*?from\s+'pg'/ms],
  ['writes sql``', /\bsql`/],
  ['runs a raw query', /\.query\s*(<|\()/],
  ['executes a statement', /\.execute\s*\(/],
]

const isDataAccess = (file: string) =>
  file.endsWith('-dal.ts') || file.startsWith('db/') || file.startsWith('test/') || /\.test\.tsx?$/.test(file)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [path.relative(serverSrc, full).split(path.sep).join('/')] : []
  })
}

const offences = (file: string) => {
  const text = readFileSync(path.join(serverSrc, file), 'utf8')
  return queryPatterns.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}: ${what}`)
}

describe('the way to the database', () => {
  const files = sourceFiles(serverSrc).filter((file) => !isDataAccess(file))

  it('goes through data-access modules only: no SQL or query building outside *-dal.ts and src/db', () => {
    expect(files.flatMap(offences)).toEqual([])
  })

  it('recognises a query outside a data-access module', () => {
    const probe = (text: string) => queryPatterns.some(([, pattern]) => pattern.test(text))
    expect(probe("import {\n  and,\n  eq,\n} from 'drizzle-orm'\n")).toBe(true)
    expect(probe("import { objects } from '../../db/schema'\n")).toBe(true)
    expect(probe('await pool.query<{ id: number }>(text)')).toBe(true)
    expect(probe("import { x } from './x'\nimport type { objects } from '../db/schema'\n")).toBe(false)
    expect(
      probe("import type { Db } from '../db/client'\nimport type { objects } from '../db/schema'\n"),
    ).toBe(false)
  })
})
