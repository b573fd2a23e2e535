import { type AuditLogQuery, auditRoutes } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'

/** The operator's log of every account, or an account admin's log of their own account. */
export type AuditScope = 'operator' | 'account'

export function useAuditLog(scope: AuditScope, query: AuditLogQuery) {
  const api = useApi()
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  ).toString()
  return useQuery({
    queryKey: ['audit_log', scope, search],
    queryFn: () =>
      callRoute(api, scope === 'operator' ? auditRoutes.operatorLog : auditRoutes.accountLog, { query }),
  })
}

export function useAuditLogFilters(scope: AuditScope) {
  const api = useApi()
  return useQuery({
    queryKey: ['audit_log', scope, 'filters'],
    queryFn: () =>
      callRoute(api, scope === 'operator' ? auditRoutes.operatorFilters : auditRoutes.accountFilters),
  })
}
