import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import {
  group_outputs,
  groups,
  outputs,
  section_groups,
  sections,
  water_source_outputs,
} from '../../db/schema'

/** What resolving a schedule's elements reads (see `ElementFacts`); every read is scoped to one account. */
export function createElementFactsDal(db: Executor, idClient: number) {
  return {
    sections: (ids: number[]) =>
      ids.length
        ? db
            .select({ id: sections.id, id_water_source: sections.id_water_source })
            .from(sections)
            .where(and(eq(sections.id_client, idClient), inArray(sections.id, ids)))
        : Promise.resolve([]),

    groups: (ids: number[]) =>
      ids.length
        ? db
            .select({ id: groups.id, scope: groups.scope })
            .from(groups)
            .where(and(eq(groups.id_client, idClient), inArray(groups.id, ids)))
        : Promise.resolve([]),

    /** The outputs of these sections, through their groups of outputs (the account's only). */
    sectionOutputs: (sectionIds: number[]) =>
      sectionIds.length
        ? db
            .select({ id_section: section_groups.id_section, id_output: group_outputs.id_output })
            .from(section_groups)
            .innerJoin(groups, eq(groups.id, section_groups.id_group))
            .innerJoin(group_outputs, eq(group_outputs.id_group, groups.id))
            .where(
              and(
                inArray(section_groups.id_section, sectionIds),
                eq(groups.id_client, idClient),
                eq(groups.scope, 'outputs'),
              ),
            )
        : Promise.resolve([]),

    groupOutputs: (groupIds: number[]) =>
      groupIds.length
        ? db
            .select({ id_group: group_outputs.id_group, id_output: group_outputs.id_output })
            .from(group_outputs)
            .where(inArray(group_outputs.id_group, groupIds))
        : Promise.resolve([]),

    outputs: (ids: number[]) =>
      ids.length
        ? db
            .select({
              id: outputs.id,
              kind: outputs.kind,
              type: outputs.type,
              id_water_source: outputs.id_water_source,
            })
            .from(outputs)
            .where(and(eq(outputs.id_client, idClient), inArray(outputs.id, ids)))
        : Promise.resolve([]),

    /** The water sources of the account's sections holding these outputs, first section (by id) first. */
    sectionSources: (outputIds: number[]) =>
      outputIds.length
        ? db
            .select({ id_output: group_outputs.id_output, id_water_source: sections.id_water_source })
            .from(group_outputs)
            .innerJoin(section_groups, eq(section_groups.id_group, group_outputs.id_group))
            .innerJoin(sections, eq(sections.id, section_groups.id_section))
            .where(and(inArray(group_outputs.id_output, outputIds), eq(sections.id_client, idClient)))
            .orderBy(asc(sections.id))
        : Promise.resolve([]),

    /** The outputs of these water sources, by output id. */
    waterSourceOutputs: (sourceIds: number[]) =>
      sourceIds.length
        ? db
            .select({
              id_water_source: water_source_outputs.id_water_source,
              id_output: water_source_outputs.id_output,
              fertigation: water_source_outputs.fertigation,
            })
            .from(water_source_outputs)
            .where(inArray(water_source_outputs.id_water_source, sourceIds))
            .orderBy(asc(water_source_outputs.id_output))
        : Promise.resolve([]),
  }
}
export type ElementFactsDal = ReturnType<typeof createElementFactsDal>
