import {
  candidateWaterSources,
  type ElementFacts,
  elementIds,
  everyOutputOf,
  isControlType,
  outputsWithoutSource,
  type ResolvedElement,
  resolveElements,
  type ScheduleDefinition,
} from '@kropla/domain'
import { HttpError } from '../../app/http-errors'
import type { Executor } from '../../db/executor'
import { createElementFactsDal, type ElementFactsDal } from './element-facts-dal'

/** Reads what the elements name, and what those hold, of one account (the rules are `resolveElements`'). */
async function elementFacts(
  dal: ElementFactsDal,
  type: number,
  elements: ScheduleDefinition['elements'],
): Promise<ElementFacts> {
  const sectionIds = elementIds(elements, 'section')
  const groupIds = elementIds(elements, 'group')
  const sections = await dal.sections(sectionIds)
  const groups = await dal.groups(groupIds)
  const sectionOutputs = await dal.sectionOutputs(sectionIds)
  const groupOutputs = await dal.groupOutputs(groupIds)
  const outputs = await dal.outputs(everyOutputOf(elements, { sectionOutputs, groupOutputs }))
  const sectionSources = await dal.sectionSources(outputsWithoutSource({ outputs }))
  // Control schedules open no water source: its outputs are not read for them.
  const waterSourceOutputs = isControlType(type)
    ? []
    : await dal.waterSourceOutputs(candidateWaterSources({ sections, outputs, sectionSources }))
  return { sections, groups, sectionOutputs, groupOutputs, outputs, sectionSources, waterSourceOutputs }
}

/**
 * Resolves a schedule's elements to outputs within one client account (spec 01 section 5, rules in
 * the domain's `resolveElements`). A refusal answers 400 with its code, and the code again on the
 * element's path.
 */
export async function resolveScheduleElements(
  db: Executor,
  idClient: number,
  type: number,
  definition: Pick<ScheduleDefinition, 'elements'>,
): Promise<ResolvedElement[]> {
  const facts = await elementFacts(createElementFactsDal(db, idClient), type, definition.elements)
  const resolution = resolveElements(type, definition.elements, facts)
  if (resolution.ok) return resolution.elements
  const { code, index, message } = resolution.refusal
  throw new HttpError(code, { issues: [{ path: `definition.elements.${index}`, message }] })
}
