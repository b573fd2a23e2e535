import {
  confirmAlarmsAnswerSchema,
  type FleetImportAnswer,
  type FleetImportJob,
  fleetImportAnswerSchema,
  fleetImportEnded,
  fleetImportJobSchema,
  messageReaderSchema,
  type OperatorClientDetail,
  type OperatorModuleDetail,
  okAnswerSchema,
  operatorAlarmSchema,
  operatorClientDetailSchema,
  operatorClientSchema,
  operatorModuleDetailSchema,
  operatorModuleSchema,
  operatorOverviewSchema,
  operatorUserSchema,
} from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { arrayOf } from '../../lib/api'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'

/** Every query of the operator's back office starts with this key: a change refreshes them all. */
export const operatorKey = ['admin', 'operator'] as const
/** The back office's keys, each under `operatorKey`. */
export const operatorKeys = {
  overview: [...operatorKey, 'overview'],
  clients: [...operatorKey, 'clients'],
  client: (id: number) => [...operatorKey, 'clients', id],
  users: [...operatorKey, 'users'],
  fleet: (which: 'devices' | 'objects') => [...operatorKey, which],
  fleetModule: (id: number) => [...operatorKey, 'devices', id],
  alarms: [...operatorKey, 'alarms'],
  messageReaders: (id: number) => [...operatorKey, 'users_messages', id],
} as const

export function useOverview() {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.overview,
    queryFn: () => api.get('/api/admin/overview', operatorOverviewSchema),
  })
}
export function useClients() {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.clients,
    queryFn: () => api.get('/api/admin/clients', arrayOf(operatorClientSchema)),
  })
}
export function useClient(id: number) {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.client(id),
    queryFn: () => api.get(`/api/admin/clients/${id}`, operatorClientDetailSchema),
  })
}
export function useOperatorUsers() {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.users,
    queryFn: () => api.get('/api/admin/users', arrayOf(operatorUserSchema)),
  })
}
export function useFleet(which: 'devices' | 'objects') {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.fleet(which),
    queryFn: () => api.get(`/api/admin/${which}`, arrayOf(operatorModuleSchema)),
  })
}
export function useFleetModule(id: number) {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.fleetModule(id),
    queryFn: () => api.get(`/api/admin/devices/${id}`, operatorModuleDetailSchema),
  })
}
export function useOperatorAlarms() {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.alarms,
    queryFn: () => api.get('/api/admin/alarms', arrayOf(operatorAlarmSchema)),
  })
}
export function useMessageReaders(id: number) {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.messageReaders(id),
    queryFn: () => api.get(`/api/admin/users_messages/${id}`, arrayOf(messageReaderSchema)),
  })
}

/** After any change of the back office: every list and detail is read afresh. */
function useRefreshOperator() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: operatorKey })
}

/** POST /api/admin/alarms/confirm: many alarms of any accounts confirmed at once. */
export function useConfirmOperatorAlarms(callbacks: MutationCallbacks<{ confirmed: number }, number[]> = {}) {
  const api = useApi()
  const refresh = useRefreshOperator()
  return useMutation({
    mutationFn: (ids: number[]) => api.post('/api/admin/alarms/confirm', { ids }, confirmAlarmsAnswerSchema),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: refresh,
  })
}

export interface ClientAccess {
  blocked?: boolean
  expires_at?: string | null
}

/** PUT /api/admin/clients/{id}/access: an account blocked, unblocked or given a new end. */
export function useChangeClientAccess(
  id: number,
  callbacks: MutationCallbacks<OperatorClientDetail, ClientAccess> = {},
) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ClientAccess) =>
      api.put(`/api/admin/clients/${id}/access`, body, operatorClientDetailSchema),
    onSuccess: (updated, body) => {
      queryClient.setQueryData(operatorKeys.client(id), updated)
      void queryClient.invalidateQueries({ queryKey: operatorKey })
      callbacks.onSuccess?.(updated, body)
    },
    onError: callbacks.onError,
  })
}

/**
 * POST /api/admin/devices/import: manufactured modules added from a CSV file; a large file answers
 * with the job importing it in the background (ADR 0094), followed by useFleetImportJob.
 */
export function useImportFleet(callbacks: MutationCallbacks<FleetImportAnswer, File> = {}) {
  const api = useApi()
  const refresh = useRefreshOperator()
  return useMutation({
    mutationFn: async (file: File) =>
      api.post('/api/admin/devices/import', { csv: await file.text() }, fleetImportAnswerSchema),
    onSuccess: (answer, file) => {
      callbacks.onSuccess?.(answer, file)
      if (!('id' in answer)) void refresh()
    },
    onError: callbacks.onError,
  })
}

/** How often a background import is asked for its progress. */
const importPollMs = 500

/**
 * GET /api/admin/devices/import/{id}: a background import's progress, asked every half second
 * until it ends (then the fleet's lists are read again).
 */
export function useFleetImportJob(id: string | null) {
  const api = useApi()
  const refresh = useRefreshOperator()
  return useQuery({
    queryKey: ['fleet-import', id],
    queryFn: async (): Promise<FleetImportJob> => {
      const job = await api.get(`/api/admin/devices/import/${id}`, fleetImportJobSchema)
      if (fleetImportEnded(job)) void refresh()
      return job
    },
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && fleetImportEnded(query.state.data) ? false : importPollMs,
  })
}

export interface NewFleetModule {
  serial: string
  pin: string
  model: string
}

/** POST /api/admin/devices: one manufactured module added. */
export function useAddFleetModule(callbacks: MutationCallbacks<OperatorModuleDetail, NewFleetModule> = {}) {
  const api = useApi()
  const refresh = useRefreshOperator()
  return useMutation({
    mutationFn: (body: NewFleetModule) => api.post('/api/admin/devices', body, operatorModuleDetailSchema),
    onSuccess: (added, body) => {
      void refresh()
      callbacks.onSuccess?.(added, body)
    },
    onError: callbacks.onError,
  })
}

/** POST /api/admin/devices/{id}/credentials: a new device secret sent over the module's own connection (ADR 0087). */
export function useGiveModuleSecret(id: number, callbacks: MutationCallbacks<OperatorModuleDetail> = {}) {
  const api = useApi()
  const refresh = useRefreshOperator()
  return useMutation({
    mutationFn: () => api.post(`/api/admin/devices/${id}/credentials`, undefined, operatorModuleDetailSchema),
    onSuccess: (module) => {
      callbacks.onSuccess?.(module)
      void refresh()
    },
    onError: callbacks.onError,
  })
}

/** DELETE /api/admin/objects/{id}: an activated module taken out of its account. */
export function useDeleteActivatedModule(id: number, callbacks: MutationCallbacks<unknown> = {}) {
  const api = useApi()
  const refresh = useRefreshOperator()
  return useMutation({
    mutationFn: () => api.delete(`/api/admin/objects/${id}`, undefined, okAnswerSchema),
    onSuccess: (answer) => {
      void refresh()
      callbacks.onSuccess?.(answer)
    },
    onError: callbacks.onError,
  })
}
