import { z } from 'zod'
import { geoPointSchema } from './place'

/** Spec 01 section 9: the map opens on 52 N 21 E (central Poland) at zoom 11 and zooms to 19 at most. */
export const mapDefaults = { center: { lat: 52, lng: 21 }, zoom: 11, maxZoom: 19 } as const

/**
 * GET /api/map/settings: where the map's background tiles come from (a server-wide setting,
 * MAP_TILE_URL; the Content-Security-Policy allows exactly that origin). `tileUrl` null: no
 * background, the map draws modules, regions and objects on a plain ground.
 */
export const mapSettingsSchema = z.object({
  tileUrl: z.string().nullable(),
  attribution: z.string(),
  maxZoom: z.number().int(),
  /** The account's farm place (client account settings): where the map opens while nothing on it has a location. */
  farm: geoPointSchema.nullable(),
  /** Whether the server looks addresses up (GEOCODER_URL): the farm place offers an address search. */
  geocoder: z.boolean(),
})
export type MapSettings = z.infer<typeof mapSettingsSchema>
