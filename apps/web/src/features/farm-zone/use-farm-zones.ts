import { useSession } from '../session/use-session'
import { type FarmZones, farmZones } from './farm-zone'

/** The farm's zone and, when it differs, the one the user reads times in. */
export function useFarmZones(): FarmZones {
  const { user } = useSession()
  return farmZones(user.client_time_zone, user.time_zone)
}
