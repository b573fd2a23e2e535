import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import {
  group_outputs,
  groups,
  latest_readings,
  objects,
  outputs,
  section_groups,
  sections,
  water_source_outputs,
  water_sources,
} from '../../db/schema'

/** An output a walk opens, with the resource it was found through (its label in the run). */
export interface WalkOutput {
  id: number
  label: string
}

/** What the test area tests, read for one client account. */
export function createTestSubjectsDal(db: Executor, idClient: number) {
  return {
    async groupName(idGroup: number): Promise<string | null> {
      const [row] = await db
        .select({ name: groups.name })
        .from(groups)
        .where(and(eq(groups.id_client, idClient), eq(groups.id, idGroup)))
      return row?.name ?? null
    },

    /** The outputs of a group of outputs, by name. */
    async groupOutputs(idGroup: number): Promise<WalkOutput[]> {
      return db
        .select({ id: outputs.id, label: outputs.name })
        .from(group_outputs)
        .innerJoin(groups, eq(groups.id, group_outputs.id_group))
        .innerJoin(outputs, eq(outputs.id, group_outputs.id_output))
        .where(and(eq(groups.id_client, idClient), eq(groups.id, idGroup), eq(outputs.kind, 'output')))
        .orderBy(asc(outputs.name), asc(outputs.id))
    },

    /**
     * Every output of the account's sections (through their groups) and water sources, each once,
     * labelled "resource: output", sections first, by name.
     */
    async resourceOutputs(): Promise<WalkOutput[]> {
      const ofSections = await db
        .select({ id: outputs.id, resource: sections.name, name: outputs.name })
        .from(sections)
        .innerJoin(section_groups, eq(section_groups.id_section, sections.id))
        .innerJoin(group_outputs, eq(group_outputs.id_group, section_groups.id_group))
        .innerJoin(outputs, eq(outputs.id, group_outputs.id_output))
        .where(and(eq(sections.id_client, idClient), eq(outputs.kind, 'output')))
        .orderBy(asc(sections.name), asc(outputs.name), asc(outputs.id))
      const ofSources = await db
        .select({ id: outputs.id, resource: water_sources.name, name: outputs.name })
        .from(water_sources)
        .innerJoin(water_source_outputs, eq(water_source_outputs.id_water_source, water_sources.id))
        .innerJoin(outputs, eq(outputs.id, water_source_outputs.id_output))
        .where(and(eq(water_sources.id_client, idClient), eq(outputs.kind, 'output')))
        .orderBy(asc(water_sources.name), asc(outputs.name), asc(outputs.id))
      const seen = new Set<number>()
      const walk: WalkOutput[] = []
      for (const row of [...ofSections, ...ofSources]) {
        if (seen.has(row.id)) continue
        seen.add(row.id)
        walk.push({ id: row.id, label: `${row.resource}: ${row.name}` })
      }
      return walk
    },

    /** The account's counters on inputs (flowmeters, rain gauges, other counters) with their last count. */
    async counters(): Promise<{ id: number; label: string; value: number | null }[]> {
      const rows = await db
        .select({
          id: outputs.id,
          label: outputs.name,
          id_object: outputs.id_object,
          field: outputs.field_name,
        })
        .from(outputs)
        .where(and(eq(outputs.id_client, idClient), eq(outputs.kind, 'counter_input')))
        .orderBy(asc(outputs.name), asc(outputs.id))
      if (rows.length === 0) return []
      const latest = await db
        .select({
          id_object: latest_readings.object_id,
          field: latest_readings.field,
          value: latest_readings.value,
        })
        .from(latest_readings)
        .where(
          and(
            eq(latest_readings.id_client, idClient),
            inArray(
              latest_readings.object_id,
              rows.map((row) => row.id_object),
            ),
          ),
        )
      const latestBy = new Map(latest.map((row) => [`${row.id_object}:${row.field}`, row.value]))
      return rows.map((row) => ({
        id: row.id,
        label: row.label,
        value: latestBy.get(`${row.id_object}:${row.field}`) ?? null,
      }))
    },

    /** A module of the account: its id, name and serial; null for another account's or none. */
    async module(idObject: number) {
      const [row] = await db
        .select({ id: objects.id, name: objects.name, serial: objects.serial })
        .from(objects)
        .where(and(eq(objects.id_client, idClient), eq(objects.id, idObject)))
      return row ?? null
    },

    /** A module's outputs (not input equipment), by terminal. */
    async moduleOutputs(idObject: number) {
      return db
        .select({ id: outputs.id, name: outputs.name, field_name: outputs.field_name })
        .from(outputs)
        .where(
          and(eq(outputs.id_client, idClient), eq(outputs.id_object, idObject), eq(outputs.kind, 'output')),
        )
        .orderBy(asc(outputs.field_name))
    },
  }
}
