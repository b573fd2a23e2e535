import { type ErrorCode, isControlType, type ResolvedElement, type ScheduleDefinition } from '@kropla/domain'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { HttpError } from '../../app/http-errors'
import {
  group_outputs,
  groups,
  outputs,
  section_groups,
  sections,
  water_source_outputs,
} from '../../db/schema'
import type { Executor } from '../users/db-helpers'

type OutputFacts = { id: number; kind: string; type: string; id_water_source: number | null }

/** Refuses the element at `index`: 422 with the code, and the code again on the element's path. */
function refuse(code: ErrorCode, index: number, message: string = `errors.${code}`): never {
  throw new HttpError(code, { status: 422, issues: [{ path: `definition.elements.${index}`, message }] })
}

const distinctSorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b)

/**
 * Resolves a schedule's elements to outputs within one client account (spec 01 section 5):
 * a section gives the outputs of its groups of outputs and its water source; a group of outputs
 * gives its outputs; an output itself, with the water source it belongs to (its own, else that
 * of a section containing it). Refusals (422): a missing or another account's id
 * element_not_found, an element without outputs schedule_empty_group, a non-irrigating output in
 * an irrigation schedule schedule_not_irrigating, elements drawing from different water sources
 * schedule_different_water_sources. Control schedules open no water source.
 */
export async function resolveScheduleElements(
  db: Executor,
  idClient: number,
  type: number,
  definition: Pick<ScheduleDefinition, 'elements'>,
): Promise<ResolvedElement[]> {
  const { elements } = definition
  const idsOf = (kind: 'section' | 'group' | 'output') =>
    distinctSorted(elements.filter((element) => element.kind === kind).map((element) => element.id))
  const sectionIds = idsOf('section')
  const groupIds = idsOf('group')
  const outputIds = idsOf('output')

  const sectionRows = sectionIds.length
    ? await db
        .select({ id: sections.id, id_water_source: sections.id_water_source })
        .from(sections)
        .where(and(eq(sections.id_client, idClient), inArray(sections.id, sectionIds)))
    : []
  const groupRows = groupIds.length
    ? await db
        .select({ id: groups.id, scope: groups.scope })
        .from(groups)
        .where(and(eq(groups.id_client, idClient), inArray(groups.id, groupIds)))
    : []
  const sectionById = new Map(sectionRows.map((row) => [row.id, row]))
  const groupById = new Map(groupRows.map((row) => [row.id, row]))

  // Which outputs each section and group holds (through groups of outputs, the account's only).
  const sectionOutputs = sectionIds.length
    ? await db
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
    : []
  const groupOutputs = groupIds.length
    ? await db
        .select({ id_group: group_outputs.id_group, id_output: group_outputs.id_output })
        .from(group_outputs)
        .where(inArray(group_outputs.id_group, groupIds))
    : []

  const everyOutput = distinctSorted([
    ...outputIds,
    ...sectionOutputs.map((row) => row.id_output),
    ...groupOutputs.map((row) => row.id_output),
  ])
  const outputRows: OutputFacts[] = everyOutput.length
    ? await db
        .select({
          id: outputs.id,
          kind: outputs.kind,
          type: outputs.type,
          id_water_source: outputs.id_water_source,
        })
        .from(outputs)
        .where(and(eq(outputs.id_client, idClient), inArray(outputs.id, everyOutput)))
    : []
  const outputById = new Map(outputRows.map((row) => [row.id, row]))

  // An output without a water source of its own draws from the first section (by id) holding it.
  const missingSource = outputRows.filter((row) => row.id_water_source === null).map((row) => row.id)
  const sectionSources = missingSource.length
    ? await db
        .select({ id_output: group_outputs.id_output, id_water_source: sections.id_water_source })
        .from(group_outputs)
        .innerJoin(section_groups, eq(section_groups.id_group, group_outputs.id_group))
        .innerJoin(sections, eq(sections.id, section_groups.id_section))
        .where(and(inArray(group_outputs.id_output, missingSource), eq(sections.id_client, idClient)))
        .orderBy(asc(sections.id))
    : []
  const sourceOfOutput = (id: number): number | null =>
    outputById.get(id)?.id_water_source ??
    sectionSources.find((row) => row.id_output === id && row.id_water_source !== null)?.id_water_source ??
    null

  const resolved = elements.map((element, index) => {
    if (element.kind === 'section') {
      const section = sectionById.get(element.id)
      if (!section) refuse('element_not_found', index)
      const ids = sectionOutputs.filter((row) => row.id_section === element.id).map((row) => row.id_output)
      return { index, outputs: distinctSorted(ids), sources: [section.id_water_source] }
    }
    if (element.kind === 'group') {
      const group = groupById.get(element.id)
      if (!group) refuse('element_not_found', index)
      if (group.scope !== 'outputs') refuse('validation_failed', index, 'errors.choice_invalid')
      const ids = distinctSorted(
        groupOutputs.filter((row) => row.id_group === element.id).map((row) => row.id_output),
      )
      return { index, outputs: ids, sources: ids.map(sourceOfOutput) }
    }
    if (!outputById.has(element.id)) refuse('element_not_found', index)
    return { index, outputs: [element.id], sources: [sourceOfOutput(element.id)] }
  })

  const control = isControlType(type)
  for (const element of resolved) {
    if (!element.outputs.length) refuse('schedule_empty_group', element.index)
    for (const id of element.outputs) {
      const output = outputById.get(id)
      // Input equipment is never opened; irrigation schedules open irrigating outputs only.
      if (output?.kind !== 'output') refuse('validation_failed', element.index, 'errors.choice_invalid')
      if (!control && output.type !== 'irr') refuse('schedule_not_irrigating', element.index)
    }
  }
  if (control)
    return resolved.map((element) => ({
      element_index: element.index,
      outputs: element.outputs,
      water_source: null,
    }))

  let shared: number | null = null
  const sourceOf = new Map<number, number | null>()
  for (const element of resolved) {
    const own = distinctSorted(element.sources.filter((id): id is number => id !== null))
    if (own.length > 1 || (shared !== null && own.length === 1 && own[0] !== shared))
      refuse('schedule_different_water_sources', element.index)
    shared ??= own[0] ?? null
    sourceOf.set(element.index, own[0] ?? null)
  }
  const links = shared
    ? await db
        .select()
        .from(water_source_outputs)
        .where(eq(water_source_outputs.id_water_source, shared))
        .orderBy(asc(water_source_outputs.id_output))
    : []
  const waterSource =
    shared === null
      ? null
      : {
          id: shared,
          clean: links.filter((link) => !link.fertigation).map((link) => link.id_output),
          fertigation: links.filter((link) => link.fertigation).map((link) => link.id_output),
        }
  return resolved.map((element) => ({
    element_index: element.index,
    outputs: element.outputs,
    water_source: sourceOf.get(element.index) === null ? null : waterSource,
  }))
}
