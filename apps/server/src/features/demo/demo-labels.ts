import {
  type DemoModule,
  defaultProperties,
  demoFarm,
  demoName,
  propertiesOfEquipmentType,
} from '@kropla/domain'
import type { Lang } from '@kropla/i18n'
import type { Db } from '../../db/client'
import { createClientsDal } from '../clients/clients-dal'
import { defaultOutputName } from '../objects/module-outputs'
import { createDemoLabelsDal } from './demo-labels-dal'

const modules: readonly DemoModule[] = demoFarm.modules

/**
 * Labels the demo account in one language (ADR 0071): its modules, their outputs, the input
 * equipment, groups and sections take the demo's name in `lang` while they still carry a name the
 * demo gave them (in either language, or the serial and the "<module> o1" an output starts with);
 * whatever the user renamed stays as they named it. An output still named as at activation also
 * takes the type (and the type's properties) of what it drives.
 */
export async function labelDemoFarm(db: Db, idClient: number, lang: Lang) {
  const dal = createDemoLabelsDal(db, idClient)
  for (const module of modules) {
    const moduleNames = [module.serial, module.name, module.name_pl]
    await dal.renameModule(module.serial, moduleNames, demoName(module, lang))
    for (const output of module.outputs ?? []) {
      const row = await dal.findOutput(module.serial, output.field)
      if (!row) continue
      const asActivated = moduleNames.map((name) => defaultOutputName(name, output.field))
      if (asActivated.includes(row.name)) {
        await dal.updateOutput(row.id, {
          name: demoName(output, lang),
          type: output.type,
          properties: { ...defaultProperties(propertiesOfEquipmentType(output.type)), ...output.properties },
        })
      } else if (row.name === output.name || row.name === output.name_pl) {
        await dal.updateOutput(row.id, { name: demoName(output, lang) })
      }
    }
  }
  for (const group of demoFarm.groups) {
    await dal.renameGroup([group.name, group.name_pl], demoName(group, lang))
  }
  for (const section of demoFarm.sections) {
    await dal.renameSection([section.name, section.name_pl], demoName(section, lang))
  }
  for (const item of demoFarm.equipment) {
    const row = await dal.findOutput(item.serial, item.field_name)
    if (row && (row.name === item.name || row.name === item.name_pl))
      await dal.updateOutput(row.id, { name: demoName(item, lang) })
  }
}

/**
 * What the server does when a user of an account logs in or switches language under `DEMO=1`: the
 * demo account is relabelled in that language; any other account is left alone.
 */
export function createDemoLanguage(db: Db) {
  let demoClientId: number | null | undefined
  return async (idClient: number, lang: Lang) => {
    if (demoClientId === undefined)
      demoClientId = (await createClientsDal(db).findByName(demoFarm.clientName))?.id ?? null
    if (idClient === demoClientId) await labelDemoFarm(db, idClient, lang)
  }
}
