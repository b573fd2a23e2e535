import { demoFarm } from '@kropla/domain'
import type { Db } from '../../db/client'
import { createClientsDal } from '../clients/clients-dal'
import { createFleetDal } from '../fleet/fleet-dal'
import { createOutputsDal } from '../outputs/outputs-dal'
import { createWeatherDal } from '../weather/weather-dal'

/**
 * The demo farm's weather stations: the weather mast's rain gauge and anemometer inputs, and the
 * account's choice in /settings/weather. Done once, on the first start: what the demo user
 * changes afterwards stays.
 */
export async function seedDemoWeather(db: Db) {
  const client = await createClientsDal(db).findByName(demoFarm.clientName)
  if (!client) return
  const weather = createWeatherDal(db, client.id)
  if (await weather.hasSettings()) return
  const fleet = createFleetDal(db)
  const outputs = createOutputsDal(db, client.id)
  const existing = await outputs.list()
  const ids = new Map<string, number>()
  for (const item of demoFarm.equipment) {
    const module = await fleet.findBySerial(item.serial)
    if (!module || module.id_client !== client.id) continue
    const wired = existing.find(
      (output) => output.id_object === module.id && output.field_name === item.field_name,
    )
    const id =
      wired?.id ??
      (
        await outputs.insert({
          id_object: module.id,
          field_name: item.field_name,
          name: item.name,
          kind: item.kind,
          type: item.type,
          properties: item.properties,
        })
      ).id
    ids.set(`${item.serial}/${item.field_name}`, id)
  }
  const air = await fleet.findBySerial(demoFarm.weather.air)
  await weather.saveSettings({
    air_object_id: air && air.id_client === client.id ? air.id : null,
    rain_output_id: ids.get(demoFarm.weather.rain.join('/')) ?? null,
    wind_output_id: ids.get(demoFarm.weather.wind.join('/')) ?? null,
  })
}
