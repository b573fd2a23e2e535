import {
  messageReaderSchema,
  operatorAlarmSchema,
  operatorClientDetailSchema,
  operatorClientSchema,
  operatorModuleDetailSchema,
  operatorModuleSchema,
  operatorOverviewSchema,
  operatorUserSchema,
} from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { arrayOf } from '../../lib/api'

/** Every query of the operator's back office starts with this key: a change refreshes them all. */
export const operatorKey = ['admin', 'operator'] as const

export function useOverview() {
  const api = useApi()
  return useQuery({
    queryKey: [...operatorKey, 'overview'],
    queryFn: () => api.get('/api/admin/overview', operatorOverviewSchema),
  })
}
export function useClients() {
  const api = useApi()
  return useQuery({
    queryKey: [...operatorKey, 'clients'],
    queryFn: () => api.get('/api/admin/clients', arrayOf(operatorClientSchema)),
  })
}
export function useClient(id: number) {
  const api = useApi()
  return useQuery({
    queryKey: [...operatorKey, 'clients', id],
    queryFn: () => api.get(`/api/admin/clients/${id}`, operatorClientDetailSchema),
  })
}
export function useOperatorUsers() {
  const api = useApi()
  return useQuery({
    queryKey: [...operatorKey, 'users'],
    queryFn: () => api.get('/api/admin/users', arrayOf(operatorUserSchema)),
  })
}
export function useFleet(which: 'devices' | 'objects') {
  const api = useApi()
  return useQuery({
    queryKey: [...operatorKey, which],
    queryFn: () => api.get(`/api/admin/${which}`, arrayOf(operatorModuleSchema)),
  })
}
export function useFleetModule(id: number) {
  const api = useApi()
  return useQuery({
    queryKey: [...operatorKey, 'devices', id],
    queryFn: () => api.get(`/api/admin/devices/${id}`, operatorModuleDetailSchema),
  })
}
export function useOperatorAlarms() {
  const api = useApi()
  return useQuery({
    queryKey: [...operatorKey, 'alarms'],
    queryFn: () => api.get('/api/admin/alarms', arrayOf(operatorAlarmSchema)),
  })
}
export function useMessageReaders(id: number) {
  const api = useApi()
  return useQuery({
    queryKey: [...operatorKey, 'users_messages', id],
    queryFn: () => api.get(`/api/admin/users_messages/${id}`, arrayOf(messageReaderSchema)),
  })
}
