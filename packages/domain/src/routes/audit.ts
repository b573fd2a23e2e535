import { auditLogAnswerSchema, auditLogFiltersSchema, auditLogQuerySchema } from '../audit/audit-log'
import { refusals, route } from './route'

export const auditRoutes = {
  operatorLog: route({
    method: 'GET',
    path: '/api/admin/audit_log',
    summary: 'The audit log of every account, newest first, filtered by account, user, kind and time',
    tags: ['admin'],
    query: auditLogQuerySchema,
    answers: { 200: auditLogAnswerSchema, ...refusals(400, 401, 403, 500) },
  }),
  operatorFilters: route({
    method: 'GET',
    path: '/api/admin/audit_log/filters',
    summary: "What the operator's audit log filters offer: accounts, users and kinds",
    tags: ['admin'],
    answers: { 200: auditLogFiltersSchema, ...refusals(400, 401, 403, 500) },
  }),
  accountLog: route({
    method: 'GET',
    path: '/api/audit_log',
    summary: "The audit log of the admin's own client account, newest first",
    tags: ['settings'],
    query: auditLogQuerySchema,
    answers: { 200: auditLogAnswerSchema, ...refusals(400, 401, 403, 500) },
  }),
  accountFilters: route({
    method: 'GET',
    path: '/api/audit_log/filters',
    summary: "What the account's audit log filters offer: its users and kinds",
    tags: ['settings'],
    answers: { 200: auditLogFiltersSchema, ...refusals(400, 401, 403, 500) },
  }),
}
