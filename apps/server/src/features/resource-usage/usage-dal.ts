import type { ResourceUsage } from '@kropla/domain'
import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  group_outputs,
  groups,
  manual_opens,
  outputs,
  region_outputs,
  regions,
  section_groups,
  sections,
  water_source_outputs,
  water_sources,
} from '../../db/schema'
import type { Executor } from '../users/db-helpers'

/**
 * What holds a resource, one function per resource (spec 01 section 5, Other resources).
 * `blocking` uses refuse its removal; `warnings` are detached when it is removed, after the
 * browser has asked. Issue 5 adds schedules and manual openings here, as blocking uses of
 * outputs, groups, sections and water sources.
 */
export function createUsageDal(db: Executor, idClient: number) {
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
            inArray(manual_opens.status, [0, 1, 2, 3, 4]),
          ),
        )
        .orderBy(asc(manual_opens.id))
      return {
        blocking: [
          ...sources.map((use) => ({ kind: 'water_source' as const, ...use })),
          ...opens.map((use) => ({ kind: 'manual_open' as const, ...use })),
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
      return {
        blocking: [],
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
      return { blocking: [], warnings: bySections.map((use) => ({ kind: 'section' as const, ...use })) }
    },

    /** A section: nothing holds one until schedules (issue 5). */
    async ofSection(_id: number): Promise<ResourceUsage> {
      return { blocking: [], warnings: [] }
    },
  }
}
export type UsageDal = ReturnType<typeof createUsageDal>
