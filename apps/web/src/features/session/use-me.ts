import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { meQueryOptions } from './me-query'

/** The session: read once (see meQueryOptions), then kept current by the socket. */
export function useMe() {
  return useQuery(meQueryOptions(useApi()))
}
