import { countedFieldOf, counterTypeOf, windSpeedFromPulses } from '@kropla/domain'
import type { AccountInput, WeatherDal } from './weather-dal'

/**
 * A counting anemometer's readings over `window`: the speed of its last interval, its fastest
 * interval (pulses a second) and when it last reported. The weather panel and the test area's
 * weather check both read it.
 */
export async function countedWind(
  dal: Pick<WeatherDal, 'pulseRates'>,
  input: AccountInput,
  window: { start: Date; end: Date },
) {
  const rates = await dal.pulseRates(
    input.id_object,
    countedFieldOf(input.field_name),
    counterTypeOf(input.properties) === 1,
    window.start,
    window.end,
  )
  const speed =
    rates.lastPulses === null || rates.lastSeconds === null
      ? null
      : windSpeedFromPulses(rates.lastPulses, rates.lastSeconds, input.properties)
  return { speed, maxRate: rates.maxRate, lastAt: rates.lastAt }
}
