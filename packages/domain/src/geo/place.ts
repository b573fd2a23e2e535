import { z } from 'zod'
import { singleLineText } from '../input/text'

/** Degrees north (negative: south), -90 to 90. */
export const latitudeSchema = z
  .number({ error: 'errors.field_required' })
  .min(-90, { error: 'errors.latitude_range' })
  .max(90, { error: 'errors.latitude_range' })

/** Degrees east (negative: west), -180 to 180. */
export const longitudeSchema = z
  .number({ error: 'errors.field_required' })
  .min(-180, { error: 'errors.longitude_range' })
  .max(180, { error: 'errors.longitude_range' })

/** A point on the Earth in degrees (WGS 84), each coordinate in its range. */
export const geoPointSchema = z.object(
  { lat: latitudeSchema, lng: longitudeSchema },
  { error: 'errors.field_required' },
)

/**
 * The farm's place on the client account (spec 01 section 2, first-run account configuration):
 * its address as typed and its point, found by the address, typed as coordinates, taken from the
 * phone's position or picked on the localizer map. Either may be empty.
 */
export const farmPlaceSchema = z.object({
  address: singleLineText().trim().max(300, { error: 'errors.too_long' }).default(''),
  location: geoPointSchema.nullable(),
})
export type FarmPlace = z.infer<typeof farmPlaceSchema>

/** `GET /api/geocode?q=`: an address to look up with the server's geocoder (GEOCODER_URL). */
export const geocodeQuerySchema = z.object({
  q: singleLineText({ error: 'errors.field_required' })
    .trim()
    .min(3, { error: 'errors.geocode_query_short' })
    .max(300, { error: 'errors.too_long' }),
})

/** A place the geocoder found: its name as the geocoder writes it, and its point. */
export const geocodedPlaceSchema = z.object({
  name: z.string(),
  lat: latitudeSchema,
  lng: longitudeSchema,
})
export type GeocodedPlace = z.infer<typeof geocodedPlaceSchema>

export const geocodeAnswerSchema = z.object({ places: z.array(geocodedPlaceSchema) })
export type GeocodeAnswer = z.infer<typeof geocodeAnswerSchema>
