import {
  apiErrorSchema,
  auditLogAnswerSchema,
  auditLogFiltersSchema,
  auditLogQuerySchema,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireAdmin, requireAdminus } from '../auth/auth-hooks'
import type { AuditService } from './audit-service'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 500: apiErrorSchema }

/**
 * `/api/admin/audit_log`: the operator's (Adminus) audit log of every account;
 * `/api/audit_log`: an account admin's log of their own (current) account.
 */
export function registerAuditRoutes(app: FastifyInstance, deps: { audit: AuditService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { audit } = deps
  routes.get(
    '/api/admin/audit_log',
    {
      preValidation: requireAdminus,
      schema: {
        tags: ['admin'],
        summary: 'The audit log of every account, newest first, filtered by account, user, kind and time',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogAnswerSchema, ...errors },
      },
    },
    (request) => audit.listAll(request.query),
  )
  routes.get(
    '/api/admin/audit_log/filters',
    {
      preValidation: requireAdminus,
      schema: {
        tags: ['admin'],
        summary: "What the operator's audit log filters offer: accounts, users and kinds",
        response: { 200: auditLogFiltersSchema, ...errors },
      },
    },
    () => audit.filtersAll(),
  )
  routes.get(
    '/api/audit_log',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['settings'],
        summary: "The audit log of the admin's own client account, newest first",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogAnswerSchema, ...errors },
      },
    },
    (request) => audit.listForClient(request.auth!.idClient, request.query),
  )
  routes.get(
    '/api/audit_log/filters',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['settings'],
        summary: "What the account's audit log filters offer: its users and kinds",
        response: { 200: auditLogFiltersSchema, ...errors },
      },
    },
    (request) => audit.filtersForClient(request.auth!.idClient),
  )
}
