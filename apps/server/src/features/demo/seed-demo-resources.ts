import { demoFarm } from '@kropla/domain'
import type { Db } from '../../db/client'
import { createGroupsDal } from '../groups/groups-dal'
import { createSectionsDal } from '../sections/sections-dal'
import { createDemoLabelsDal } from './demo-labels-dal'

/**
 * The demo farm's groups of outputs and irrigation sections (in English; labelDemoFarm names them
 * in the user's language). Added when the account has neither groups nor sections: on the first
 * start, and again only if the demo user removed every one of both.
 */
export async function seedDemoResources(db: Db, idClient: number) {
  const groups = createGroupsDal(db, idClient)
  const sections = createSectionsDal(db, idClient)
  if ((await groups.list()).length > 0 || (await sections.list()).length > 0) return
  const labels = createDemoLabelsDal(db, idClient)
  const groupIds = new Map<string, number>()
  for (const group of demoFarm.groups) {
    const outputIds: number[] = []
    for (const [serial, field] of group.outputs) {
      const output = await labels.findOutput(serial, field)
      if (output) outputIds.push(output.id)
    }
    const row = await groups.insert({ name: group.name, description: '', scope: 'outputs' })
    await groups.setElements(row.id, 'outputs', outputIds)
    groupIds.set(group.name, row.id)
  }
  for (const section of demoFarm.sections) {
    const row = await sections.insert({
      name: section.name,
      type: section.type,
      description: '',
      area: section.area,
      flow: section.flow,
      id_water_source: null,
      soil_type: section.soil_type,
      plant: section.plant,
    })
    await sections.setGroups(
      row.id,
      section.groups.flatMap((name) => groupIds.get(name) ?? []),
    )
  }
}
