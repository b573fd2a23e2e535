import { busyManualStatuses, type ResourceUsage, scheduleTypes } from '@kropla/domain'
import { and, asc, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import {
  group_outputs,
  groups,
  manual_opens,
  outputs,
  region_outputs,
  regions,
  schedules,
  section_groups,
  sections,
  water_source_outputs,
  water_sources,
} from '../../db/schema'

/**
 * What holds a resource, one function per resource (spec 01 section 5, Other resources).
 * `blocking` uses refuse its removal; `warnings` are detached when it is removed, after the
 * browser has asked. Schedules not ended or deleted block the removal of the outputs, groups,
 * sections and water sources they open (directly or through their sections and groups).
 */
export function createUsageDal(db: Executor, idClient: number) {
  /**
   * Automatic schedules not ended or deleted with an element (`element`, one entry of the
   * definition's elements) that matches; control schedules (types 4-6) only when `control`.
   */
  async function schedulesUsing(matches: SQL, control = true) {
    const rows = await db
      .select({ id: schedules.id, name: schedules.name })
      .from(schedules)
      .where(
        and(
          eq(schedules.id_client, idClient),
          isNull(schedules.deleted_at),
          isNull(schedules.ended_at),
          gt(schedules.type, scheduleTypes.manual),
          // Irrigation types come before the control ones (see `isControlType`).
          control ? undefined : lte(schedules.type, scheduleTypes.interval),
          sql`exists (select 1 from jsonb_array_elements(${schedules.definition}->'elements') as element where ${matches})`,
        ),
      )
      .orderBy(asc(schedules.id))
    return rows.map((use) => ({ kind: 'schedule' as const, ...use }))
  }
  const element = (kind: 'section' | 'group' | 'output', ids: SQL) =>
    sql`(element->>'kind' = ${kind} and (element->>'id')::int in (${ids}))`

  return {
    /** An output: the water sources it delivers for block; its groups and regions only warn. */
    async ofOutput(id: number): Promise<ResourceUsage> {
      const sources = await db
        .selectDistinct({ id: water_sources.id, name: water_sources.name })
        .from(water_source_outputs)
        .innerJoin(water_sources, eq(water_sources.id, water_source_outputs.id_water_source))
        .where(and(eq(water_source_outputs.id_output, id), eq(water_sources.id_client, idClient)))
        .orderBy(asc(water_sources.id))
      const inGroups = await db
        .select({ id: groups.id, name: groups.name })
        .from(group_outputs)
        .innerJoin(groups, eq(groups.id, group_outputs.id_group))
        .where(and(eq(group_outputs.id_output, id), eq(groups.id_client, idClient)))
        .orderBy(asc(groups.id))
      const inRegions = await db
        .select({ id: regions.id, name: regions.name })
        .from(region_outputs)
        .innerJoin(regions, eq(regions.id, region_outputs.id_region))
        .where(and(eq(region_outputs.id_output, id), eq(regions.id_client, idClient)))
        .orderBy(asc(regions.id))
      // A manual opening still in progress (status 4 or lower) holds its output, named after it.
      const opens = await db
        .select({ id: manual_opens.id, name: outputs.name })
        .from(manual_opens)
        .innerJoin(outputs, eq(outputs.id, manual_opens.id_output))
        .where(
          and(
            eq(manual_opens.id_output, id),
            eq(manual_opens.id_client, idClient),
            inArray(manual_opens.status, [...busyManualStatuses]),
          ),
        )
        .orderBy(asc(manual_opens.id))
      // Schedules opening it: as an element, or through a group or a section's group.
      const bySchedules = await schedulesUsing(
        sql`${element('output', sql`${id}`)}
          or ${element('group', sql`select id_group from group_outputs where id_output = ${id}`)}
          or ${element(
            'section',
            sql`select sg.id_section from section_groups sg
                  join group_outputs g on g.id_group = sg.id_group where g.id_output = ${id}`,
          )}`,
      )
      return {
        blocking: [
          ...sources.map((use) => ({ kind: 'water_source' as const, ...use })),
          ...opens.map((use) => ({ kind: 'manual_open' as const, ...use })),
          ...bySchedules,
        ],
        warnings: [
          ...inGroups.map((use) => ({ kind: 'group' as const, ...use })),
          ...inRegions.map((use) => ({ kind: 'region' as const, ...use })),
        ],
      }
    },

    /** A water source: the sections and outputs drawing from it lose it (their water source becomes none). */
    async ofWaterSource(id: number): Promise<ResourceUsage> {
      const bySections = await db
        .select({ id: sections.id, name: sections.name })
        .from(sections)
        .where(and(eq(sections.id_water_source, id), eq(sections.id_client, idClient)))
        .orderBy(asc(sections.id))
      const byOutputs = await db
        .select({ id: outputs.id, name: outputs.name })
        .from(outputs)
        .where(and(eq(outputs.id_water_source, id), eq(outputs.id_client, idClient)))
        .orderBy(asc(outputs.id))
      // Irrigation schedules drawing from it through a section, an output or a group's outputs.
      const bySchedules = await schedulesUsing(
        sql`${element('section', sql`select id from sections where id_water_source = ${id}`)}
          or ${element('output', sql`select id from outputs where id_water_source = ${id}`)}
          or ${element(
            'group',
            sql`select g.id_group from group_outputs g
                  join outputs o on o.id = g.id_output where o.id_water_source = ${id}`,
          )}`,
        false,
      )
      return {
        blocking: bySchedules,
        warnings: [
          ...bySections.map((use) => ({ kind: 'section' as const, ...use })),
          ...byOutputs.map((use) => ({ kind: 'output' as const, ...use })),
        ],
      }
    },

    /** A group: the sections it belongs to lose it. */
    async ofGroup(id: number): Promise<ResourceUsage> {
      const bySections = await db
        .select({ id: sections.id, name: sections.name })
        .from(section_groups)
        .innerJoin(sections, eq(sections.id, section_groups.id_section))
        .where(and(eq(section_groups.id_group, id), eq(sections.id_client, idClient)))
        .orderBy(asc(sections.id))
      const bySchedules = await schedulesUsing(
        sql`${element('group', sql`${id}`)}
          or ${element('section', sql`select id_section from section_groups where id_group = ${id}`)}`,
      )
      return {
        blocking: bySchedules,
        warnings: bySections.map((use) => ({ kind: 'section' as const, ...use })),
      }
    },

    /** A section: the schedules watering it. */
    async ofSection(id: number): Promise<ResourceUsage> {
      return { blocking: await schedulesUsing(element('section', sql`${id}`)), warnings: [] }
    },
  }
}
export type UsageDal = ReturnType<typeof createUsageDal>
