import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * `outputs_plans` has one owner: every insert, update and delete of a run goes through
 * runtime/outputs-plans-dal.ts, so what a plan's status, confirmation and removal may be is read in
 * one file. This fails with the modules that write the table some other way. Tests and their
 * helpers (`*.test.ts`, src/test) may still store a run directly, as fixtures.
 */
const serverSrc = path.resolve(import.meta.dirname, '..')
const owner = 'runtime/outputs-plans-dal.ts'

const table = String.raw`(?:"?public"?\.)?"?outputs_plans"?\b`
const writePatterns: [string, RegExp][] = [
  ['writes it with the query builder', /\.(?:insert|update|delete)\(\s*outputs_plans\b/],
  [
    'writes it in SQL',
    new RegExp(
      String.raw`\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?${table}`,
      'i',
    ),
  ],
  [
    'writes it in SQL through the table object',
    /\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*outputs_plans\s*\}/i,
  ],
  ['imports it under another name', /\boutputs_plans\s+as\s+\w+/],
]

const isExempt = (file: string) => file === owner || file.startsWith('test/') || /\.test\.tsx?$/.test(file)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [path.relative(serverSrc, full).split(path.sep).join('/')] : []
  })
}

const writesOf = (text: string) =>
  writePatterns.filter(([, pattern]) => pattern.test(text)).map(([what]) => what)

describe('the owner of outputs_plans', () => {
  it(`is ${owner}: no other module inserts, updates or deletes runs`, () => {
    const offences = sourceFiles(serverSrc)
      .filter((file) => !isExempt(file))
      .flatMap((file) =>
        writesOf(readFileSync(path.join(serverSrc, file), 'utf8')).map((what) => `${file}: ${what}`),
      )
    expect(offences).toEqual([])
  })

  it('is where the writes are', () => {
    expect(writesOf(readFileSync(path.join(serverSrc, owner), 'utf8'))).toContain('writes it in SQL')
  })

  it('recognises a write of outputs_plans, and not a read or another table', () => {
    const writes = (text: string) => writesOf(text).length > 0
    expect(writes('await db.insert(outputs_plans).values(rows)')).toBe(true)
    expect(writes('await tx\n  .delete(\n    outputs_plans,\n  )')).toBe(true)
    expect(writes('db.update(outputs_plans).set({ status })')).toBe(true)
    expect(writes('`UPDATE outputs_plans p SET status = $1`')).toBe(true)
    expect(writes('`insert into "outputs_plans" (id_client) values ($1)`')).toBe(true)
    expect(writes('`delete from public.outputs_plans where id = $1`')).toBe(true)
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a module's text, interpolation and all
    expect(writes('sql`update ${outputs_plans} set status = 1`')).toBe(true)
    expect(writes("import { outputs_plans as runs } from '../db/schema'")).toBe(true)
    expect(writes('db.select().from(outputs_plans).where(eq(outputs_plans.status, 0))')).toBe(false)
    expect(writes('`select id from outputs_plans p join outputs o on o.id = p.id_output`')).toBe(false)
    expect(writes('db.update(outputs).set({ name })')).toBe(false)
    expect(writes("emit('outputs_plans', rows); emit('deleted_outputs_plans', { ids })")).toBe(false)
  })
})
