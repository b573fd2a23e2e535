import type { ErrorCode } from '../errors/api-error'
import type { ResolvedElement } from './expansion'
import { isControlType, type ScheduleDefinition } from './schedule'

type Element = ScheduleDefinition['elements'][number]

/**
 * What resolving a schedule's elements reads of one client account: only the account's sections,
 * groups and outputs are in it (another account's id is simply absent).
 */
export interface ElementFacts {
  sections: { id: number; id_water_source: number | null }[]
  groups: { id: number; scope: string }[]
  /** The outputs of each section, through its groups of outputs. */
  sectionOutputs: { id_section: number; id_output: number }[]
  groupOutputs: { id_group: number; id_output: number }[]
  outputs: { id: number; kind: string; type: string; id_water_source: number | null }[]
  /** For outputs without a water source of their own: the sources of the sections holding them, first section (by id) first. */
  sectionSources: { id_output: number; id_water_source: number | null }[]
  /** The outputs of the water sources involved, by output id. */
  waterSourceOutputs: { id_water_source: number; id_output: number; fertigation: boolean }[]
}

/** Why an element is refused: the error code, the element's index and the message for its path. */
export interface ElementRefusal {
  code: ErrorCode
  index: number
  message: string
}

export type ElementResolution =
  | { ok: true; elements: ResolvedElement[] }
  | { ok: false; refusal: ElementRefusal }

class Refused extends Error {
  constructor(readonly refusal: ElementRefusal) {
    super(refusal.code)
  }
}

function refuse(code: ErrorCode, index: number, message: string = `errors.${code}`): never {
  throw new Refused({ code, index, message })
}

const distinctSorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b)

/** The ids of one kind of element, distinct and sorted: what the facts are read for. */
export const elementIds = (elements: readonly Element[], kind: Element['kind']) =>
  distinctSorted(elements.filter((element) => element.kind === kind).map((element) => element.id))

/** Every output the elements name or hold: what the output facts are read for. */
export const everyOutputOf = (
  elements: readonly Element[],
  facts: Pick<ElementFacts, 'sectionOutputs' | 'groupOutputs'>,
) =>
  distinctSorted([
    ...elementIds(elements, 'output'),
    ...facts.sectionOutputs.map((row) => row.id_output),
    ...facts.groupOutputs.map((row) => row.id_output),
  ])

/** Outputs without a water source of their own: their sections' sources are read for them. */
export const outputsWithoutSource = (facts: Pick<ElementFacts, 'outputs'>) =>
  facts.outputs.filter((row) => row.id_water_source === null).map((row) => row.id)

/** Every water source the elements may draw from: whose outputs are read. */
export const candidateWaterSources = (
  facts: Pick<ElementFacts, 'sections' | 'outputs' | 'sectionSources'>,
): number[] =>
  distinctSorted(
    [...facts.sections, ...facts.outputs, ...facts.sectionSources].flatMap((row) =>
      row.id_water_source === null ? [] : [row.id_water_source],
    ),
  )

/**
 * Resolves a schedule's elements to outputs within one client account (spec 01 section 5):
 * a section gives the outputs of its groups of outputs and its water source; a group of outputs
 * gives its outputs; an output itself, with the water source it belongs to (its own, else that
 * of a section containing it). Refusals: a missing or another account's id element_not_found, an
 * element without outputs schedule_empty_group, a non-irrigating output in an irrigation schedule
 * schedule_not_irrigating, elements drawing from different water sources
 * schedule_different_water_sources, a group of something else or an input validation_failed.
 * Control schedules open no water source.
 */
export function resolveElements(
  type: number,
  elements: readonly Element[],
  facts: ElementFacts,
): ElementResolution {
  try {
    return { ok: true, elements: resolve(type, elements, facts) }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal }
    throw error
  }
}

function resolve(type: number, elements: readonly Element[], facts: ElementFacts): ResolvedElement[] {
  const sectionById = new Map(facts.sections.map((row) => [row.id, row]))
  const groupById = new Map(facts.groups.map((row) => [row.id, row]))
  const outputById = new Map(facts.outputs.map((row) => [row.id, row]))
  const sourceOfOutput = (id: number): number | null =>
    outputById.get(id)?.id_water_source ??
    facts.sectionSources.find((row) => row.id_output === id && row.id_water_source !== null)
      ?.id_water_source ??
    null

  const resolved = elements.map((element, index) => {
    if (element.kind === 'section') {
      const section = sectionById.get(element.id)
      if (!section) refuse('element_not_found', index)
      const ids = facts.sectionOutputs
        .filter((row) => row.id_section === element.id)
        .map((row) => row.id_output)
      return { index, outputs: distinctSorted(ids), sources: [section.id_water_source] }
    }
    if (element.kind === 'group') {
      const group = groupById.get(element.id)
      if (!group) refuse('element_not_found', index)
      if (group.scope !== 'outputs') refuse('validation_failed', index, 'errors.choice_invalid')
      const ids = distinctSorted(
        facts.groupOutputs.filter((row) => row.id_group === element.id).map((row) => row.id_output),
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
  const links = facts.waterSourceOutputs
    .filter((link) => link.id_water_source === shared)
    .sort((a, b) => a.id_output - b.id_output)
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
