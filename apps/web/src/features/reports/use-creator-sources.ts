import { type ObjectSummary, type ReportType, reportFieldsFor } from '@kropla/domain'
import { useMemo } from 'react'
import { useOutputs } from '../resources/resources-api'
import { useScheduleChoices } from '../schedules/schedules-api'
import { useSession } from '../session/use-session'
import { type CreatorState, optionsOf } from './creator-form'

/** Outputs an irrigation report may read: the valve modules' o1 to o4 (spec 02 section 9). */
const irrigationModels = new Set(['AM-411', 'AM-421'])

/**
 * What the creator offers as a report's sources for its type: the modules with the fields the type
 * reads, the valve outputs, the schedules; and the names a request carries for them.
 */
export function useCreatorSources(state: CreatorState) {
  const me = useSession()
  const options = optionsOf(state.type)
  // Valve outputs for irrigation; the AM-600's counters (udometers, flowmeters) for rainfall and water usage.
  const outputs = useOutputs(options.outputs || state.type === 'rainfall' || state.type === 'water_usage')
  const schedules = useScheduleChoices(options.schedule)

  /** The fields of a module a type offers (the domain's look-up table, its wired equipment included). */
  const fieldsOf = useMemo(() => {
    const equipment = outputs.data ?? []
    return (type: ReportType, object: ObjectSummary) =>
      reportFieldsFor(type, {
        model: object.last_device_model,
        equipment: equipment.filter((entry) => entry.id_object === object.id),
      })
  }, [outputs.data])
  const offered = useMemo(
    () =>
      me.objects
        .map((object) => {
          const infos = fieldsOf(state.type, object)
          return {
            object,
            fields: infos.map((info) => info.field),
            labels: new Map(infos.map((info) => [info.field, info.custom_label])),
          }
        })
        .filter((entry) => entry.fields.length > 0),
    [me.objects, state.type, fieldsOf],
  )
  const valveOutputs = useMemo(() => {
    const models = new Map(me.objects.map((object) => [object.id, object.last_device_model]))
    return (outputs.data ?? []).filter(
      (output) =>
        irrigationModels.has(models.get(output.id_object) ?? '') && /^o[1-4]$/.test(output.field_name),
    )
  }, [me.objects, outputs.data])

  const names = {
    module: (id: number) => me.objects.find((object) => object.id === id)?.name ?? String(id),
    output: (id: number) => outputs.data?.find((output) => output.id === id)?.name ?? String(id),
    schedule: (id: number) => schedules.data?.find((schedule) => schedule.id === id)?.name ?? String(id),
  }

  /** The state for another type: the modules that offer it are kept, with its fields. */
  const withType = (current: CreatorState, type: ReportType): CreatorState => ({
    ...current,
    type,
    modules: current.modules.flatMap((pick) => {
      const object = me.objects.find((entry) => entry.id === pick.id)
      const fields = object ? fieldsOf(type, object).map((info) => info.field) : []
      if (fields.length === 0) return []
      const kept = pick.fields.filter((field) => fields.includes(field))
      return [{ id: pick.id, fields: kept.length > 0 ? kept : fields }]
    }),
  })

  return { outputs, schedules, offered, valveOutputs, names, withType }
}

export type CreatorSources = ReturnType<typeof useCreatorSources>
