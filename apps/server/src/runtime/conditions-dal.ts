import type pg from 'pg'

/** One latest reading of a module (field and value null for a module with none). */
export interface LatestReadingRow {
  id: number
  model: string
  field: string | null
  value: number | null
}

/** What schedule conditions read: the account's modules' latest readings and its groups' modules. */
export function createConditionsDal(pool: pg.Pool) {
  return {
    /** The latest non-null values of an account's modules, only those it owns (a foreign id has none). */
    async latestReadings(idClient: number, objectIds: number[]): Promise<LatestReadingRow[]> {
      if (objectIds.length === 0) return []
      const { rows } = await pool.query<LatestReadingRow>(
        `select o.id, o.last_device_model as model, l.field, l.value
           from objects o left join latest_readings l on l.object_id = o.id and l.value is not null
          where o.id_client = $1 and o.id = any($2::int[])`,
        [idClient, objectIds],
      )
      return rows
    },

    /** The modules of one of the account's groups. */
    async groupModules(idClient: number, idGroup: number): Promise<number[]> {
      const { rows } = await pool.query<{ id_object: number }>(
        `select go.id_object from group_objects go join groups g on g.id = go.id_group
          where g.id = $1 and g.id_client = $2`,
        [idGroup, idClient],
      )
      return rows.map((row) => row.id_object)
    },
  }
}
export type ConditionsDal = ReturnType<typeof createConditionsDal>
