import { auditRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireAdmin, requireAdminus } from '../auth/auth-hooks'
import type { AuditService } from './audit-service'

/**
 * `/api/admin/audit_log`: the operator's (Adminus) audit log of every account;
 * `/api/audit_log`: an account admin's log of their own (current) account.
 */
export function registerAuditRoutes(app: FastifyInstance, deps: { audit: AuditService }) {
  const { audit } = deps
  registerRoute(app, auditRoutes.operatorLog, { preValidation: requireAdminus }, (request) =>
    audit.listAll(request.query),
  )
  registerRoute(app, auditRoutes.operatorFilters, { preValidation: requireAdminus }, () => audit.filtersAll())
  registerRoute(app, auditRoutes.accountLog, { preValidation: requireAdmin }, (request) =>
    audit.listForClient(request.auth!.idClient, request.query),
  )
  registerRoute(app, auditRoutes.accountFilters, { preValidation: requireAdmin }, (request) =>
    audit.filtersForClient(request.auth!.idClient),
  )
}
