import { type AuditLogQuery, auditLogAnswerSchema, auditLogFiltersSchema } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'

/** The operator's log of every account, or an account admin's log of their own account. */
export type AuditScope = 'operator' | 'account'

const basePath = (scope: AuditScope) => (scope === 'operator' ? '/api/admin/audit_log' : '/api/audit_log')

export function useAuditLog(scope: AuditScope, query: AuditLogQuery) {
  const api = useApi()
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  ).toString()
  return useQuery({
    queryKey: ['audit_log', scope, search],
    queryFn: () => api.get(`${basePath(scope)}${search ? `?${search}` : ''}`, auditLogAnswerSchema),
  })
}

export function useAuditLogFilters(scope: AuditScope) {
  const api = useApi()
  return useQuery({
    queryKey: ['audit_log', scope, 'filters'],
    queryFn: () => api.get(`${basePath(scope)}/filters`, auditLogFiltersSchema),
  })
}
