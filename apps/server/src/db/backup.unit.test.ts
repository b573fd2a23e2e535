import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { backupTables, tablesLeftOutOfBackups } from './backup'
import * as schema from './schema'

const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table))

describe('the backup table list', () => {
  it('names every table of the schema, or leaves it out on purpose with a reason', () => {
    const names = schemaTables.map((table) => table.name).sort()
    const covered = [...backupTables, ...Object.keys(tablesLeftOutOfBackups)].sort()
    expect(covered).toEqual(names)
  })

  it('does not both back up and leave out a table, nor name one twice', () => {
    const listed = new Set<string>(backupTables)
    expect(listed.size).toBe(backupTables.length)
    for (const table of Object.keys(tablesLeftOutOfBackups)) expect(listed.has(table)).toBe(false)
  })

  it('lists each table after the tables it refers to, the order a restore inserts them', () => {
    const position = new Map<string, number>(backupTables.map((name, index) => [name, index]))
    const misplaced = schemaTables.flatMap((table) =>
      table.foreignKeys
        .map((key) => getTableConfig(key.reference().foreignTable).name)
        .filter(
          (parent) =>
            parent !== table.name && (position.get(parent) ?? -1) > (position.get(table.name) ?? -1),
        )
        .map((parent) => `${table.name} before ${parent}`),
    )
    expect(misplaced).toEqual([])
  })
})
