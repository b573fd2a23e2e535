import {
  type FleetImportAnswer,
  type FleetImportJob,
  fleetImportEnded,
  type OperatorClientDetail,
  type OperatorModuleDetail,
  operatorRoutes,
} from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
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
    queryFn: () => callRoute(api, operatorRoutes.overview),
  })
}
export function useClients() {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.clients,
    queryFn: () => callRoute(api, operatorRoutes.listClients),
  })
}
export function useClient(id: number) {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.client(id),
    queryFn: () => callRoute(api, operatorRoutes.getClient, { params: { id } }),
  })
}
export function useOperatorUsers() {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.users,
    queryFn: () => callRoute(api, operatorRoutes.listUsers),
  })
}
export function useFleet(which: 'devices' | 'objects') {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.fleet(which),
    queryFn: () =>
      callRoute(api, which === 'devices' ? operatorRoutes.listDevices : operatorRoutes.listObjects),
  })
}
export function useFleetModule(id: number) {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.fleetModule(id),
    queryFn: () => callRoute(api, operatorRoutes.getDevice, { params: { id } }),
  })
}
export function useOperatorAlarms() {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.alarms,
    queryFn: () => callRoute(api, operatorRoutes.listAlarms),
  })
}
export function useMessageReaders(id: number) {
  const api = useApi()
  return useQuery({
    queryKey: operatorKeys.messageReaders(id),
    queryFn: () => callRoute(api, operatorRoutes.messageReaders, { params: { id } }),
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
    mutationFn: (ids: number[]) => callRoute(api, operatorRoutes.confirmAlarms, { body: { ids } }),
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
      callRoute(api, operatorRoutes.updateClientAccess, { params: { id }, body }),
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
      callRoute(api, operatorRoutes.importDevices, { body: { csv: await file.text() } }),
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
      const job = await callRoute(api, operatorRoutes.importJob, { params: { id: id as string } })
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
    mutationFn: (body: NewFleetModule) => callRoute(api, operatorRoutes.addDevice, { body }),
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
    mutationFn: () => callRoute(api, operatorRoutes.giveDeviceSecret, { params: { id } }),
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
    mutationFn: () => callRoute(api, operatorRoutes.removeObject, { params: { id } }),
    onSuccess: (answer) => {
      void refresh()
      callbacks.onSuccess?.(answer)
    },
    onError: callbacks.onError,
  })
}
