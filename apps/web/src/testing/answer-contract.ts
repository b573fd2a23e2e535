import {
  aboutSchema,
  accountUserSchema,
  activeSessionSchema,
  adminMessageSchema,
  alarmRowSchema,
  auditLogAnswerSchema,
  auditLogFiltersSchema,
  clientAccountAnswerSchema,
  confirmAllAlarmsAnswerSchema,
  dashboardSchema,
  fleetImportJobSchema,
  fleetImportReportSchema,
  geocodeAnswerSchema,
  geoObjectSchema,
  groupSchema,
  invitationAnswerSchema,
  invitationSentSchema,
  langAnswerSchema,
  manualOpenRowSchema,
  mapSettingsSchema,
  meResponseSchema,
  messageTemplateSchema,
  moduleDiagnosticsSchema,
  nfcCheckResultSchema,
  noContentSchema,
  objectCheckResultSchema,
  objectDetailSchema,
  okAnswerSchema,
  operatorAlarmSchema,
  operatorClientDetailSchema,
  operatorClientSchema,
  operatorModuleDetailSchema,
  operatorModuleSchema,
  operatorOverviewSchema,
  operatorUserSchema,
  outputPlanRowsSchema,
  outputSchema,
  preferencesSchema,
  profileAnswerSchema,
  profileTestAnswerSchema,
  pushTestAnswerSchema,
  regionSchema,
  registerDeviceAnswerSchema,
  reportAnswerSchema,
  reportTemplateSchema,
  resourceUsageSchema,
  schedulePreviewSchema,
  scheduleRowSchema,
  sectionSchema,
  testRunSchema,
  testRunsAnswerSchema,
  tokenResponseSchema,
  userMessageSchema,
  vapidKeyAnswerSchema,
  waterSourceSchema,
  weatherAnswerSchema,
  weatherCheckAnswerSchema,
  weatherSettingsAnswerSchema,
} from '@kropla/domain'
import { arrayOf, type Parser } from '../lib/api'

/** The resource collections the server registers through one route factory, with their item schemas. */
const resourceItems: Record<string, Parser<unknown>> = {
  outputs: outputSchema,
  water_sources: waterSourceSchema,
  groups: groupSchema,
  sections: sectionSchema,
  regions: regionSchema,
  geo_objects: geoObjectSchema,
}

/** The CSV of POST /api/reports/export: text whose first line is the quoted header (spec 02 section 9). */
const csvText: Parser<string> = {
  parse: (input) => {
    if (typeof input !== 'string' || !input.replace(/^\uFEFF/, '').startsWith('"'))
      throw new Error('expected a CSV with a quoted header')
    return input
  },
}

type Route = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`
type Answers = Partial<Record<200 | 201 | 202 | 204, Parser<unknown>>>

/**
 * The answers of the real server the web tier's fake servers stand in for: each route with the
 * domain schema of its success answer, the same object the server declares as the route's
 * `response` and the browser's API module parses it with. The fakes' every answer is checked
 * against this table (`contract-check.ts`), so a fake cannot drift from the real server's contract, and
 * a fake route missing here fails the test that reaches it.
 */
export const answerContract: Record<Route, Answers> = {
  'GET /token': { 200: tokenResponseSchema },
  'POST /login': { 200: okAnswerSchema },
  'GET /logout': { 200: okAnswerSchema },
  'POST /api/register/device': { 200: registerDeviceAnswerSchema },
  'POST /api/register/account-name': { 200: okAnswerSchema },
  'POST /api/register': { 201: okAnswerSchema },
  'POST /api/pass_reset': { 200: okAnswerSchema },
  'POST /api/pass_reset/confirm': { 200: okAnswerSchema },
  'GET /api/invitations/:token': { 200: invitationAnswerSchema },
  'POST /api/invitations/accept': { 200: okAnswerSchema },
  'GET /api/me': { 200: meResponseSchema },
  'PUT /api/users/lang': { 200: langAnswerSchema },
  'GET /api/profile': { 200: profileAnswerSchema },
  'GET /api/about': { 200: aboutSchema },
  'PUT /api/profile': { 200: profileAnswerSchema },
  'PUT /api/profile/preferences': { 200: preferencesSchema },
  'GET /api/sessions': { 200: arrayOf(activeSessionSchema) },
  'DELETE /api/sessions/:id': { 200: okAnswerSchema },
  'GET /api/users': { 200: arrayOf(accountUserSchema) },
  'POST /api/users/invite': { 202: invitationSentSchema },
  'DELETE /api/users/me': { 200: okAnswerSchema },
  'PUT /api/users/:id': { 200: accountUserSchema },
  'DELETE /api/users/:id': { 200: okAnswerSchema },
  'GET /api/map/settings': { 200: mapSettingsSchema },
  'GET /api/geocode': { 200: geocodeAnswerSchema },
  'GET /api/client': { 200: clientAccountAnswerSchema },
  'PUT /api/client': { 200: clientAccountAnswerSchema },
  'DELETE /api/client': { 200: okAnswerSchema },

  'GET /api/alarms': { 200: arrayOf(alarmRowSchema) },
  'GET /api/alarms/history': { 200: arrayOf(alarmRowSchema) },
  'POST /api/alarms/confirm_all': { 200: confirmAllAlarmsAnswerSchema },
  'POST /api/alarms/:id/confirm': { 200: alarmRowSchema },
  'DELETE /api/alarms/:id': { 204: noContentSchema },
  'GET /api/push/vapid_public_key': { 200: vapidKeyAnswerSchema },
  'POST /api/push/subscriptions': { 204: noContentSchema },
  'DELETE /api/push/subscriptions': { 204: noContentSchema },
  'POST /api/push/test': { 200: pushTestAnswerSchema },

  'GET /api/user_messages': { 200: arrayOf(userMessageSchema) },
  'GET /api/user_messages/:id': { 200: userMessageSchema },
  'PUT /api/user_messages/:id/read': { 200: userMessageSchema },
  'DELETE /api/user_messages/:id': { 200: okAnswerSchema },
  'GET /api/admin/messages': { 200: arrayOf(adminMessageSchema) },
  'POST /api/admin/messages': { 201: adminMessageSchema },
  'DELETE /api/admin/messages/:id': { 200: okAnswerSchema },
  'GET /api/admin/message_templates': { 200: arrayOf(messageTemplateSchema) },
  'POST /api/admin/message_templates': { 201: messageTemplateSchema },
  'PUT /api/admin/message_templates/:id': { 200: messageTemplateSchema },
  'DELETE /api/admin/message_templates/:id': { 200: okAnswerSchema },
  'GET /api/admin/overview': { 200: operatorOverviewSchema },
  'GET /api/admin/clients': { 200: arrayOf(operatorClientSchema) },
  'GET /api/admin/clients/:id': { 200: operatorClientDetailSchema },
  'GET /api/admin/users': { 200: arrayOf(operatorUserSchema) },
  'GET /api/admin/devices': { 200: arrayOf(operatorModuleSchema) },
  'GET /api/admin/devices/:id': { 200: operatorModuleDetailSchema },
  'POST /api/admin/devices/:id/credentials': { 200: operatorModuleDetailSchema },
  'POST /api/admin/devices/import': { 200: fleetImportReportSchema, 202: fleetImportJobSchema },
  'GET /api/admin/devices/import/:id': { 200: fleetImportJobSchema },
  'GET /api/admin/objects': { 200: arrayOf(operatorModuleSchema) },
  'GET /api/admin/objects/:id': { 200: operatorModuleDetailSchema },
  'GET /api/admin/alarms': { 200: arrayOf(operatorAlarmSchema) },
  'GET /api/admin/audit_log': { 200: auditLogAnswerSchema },
  'GET /api/admin/audit_log/filters': { 200: auditLogFiltersSchema },
  'GET /api/audit_log': { 200: auditLogAnswerSchema },
  'GET /api/audit_log/filters': { 200: auditLogFiltersSchema },

  'POST /api/objects/check': { 200: objectCheckResultSchema },
  'POST /api/objects/nfc': { 200: nfcCheckResultSchema },
  'POST /api/objects': { 201: objectDetailSchema },
  'GET /api/objects': { 200: arrayOf(objectDetailSchema) },
  'GET /api/objects/:id': { 200: objectDetailSchema },
  'PUT /api/objects/:id': { 200: objectDetailSchema },
  'PUT /api/objects/:id/groups': { 200: objectDetailSchema },
  'PUT /api/objects/:id/regions': { 200: objectDetailSchema },
  ...resourceRoutes(),

  'GET /api/schedulers': { 200: arrayOf(scheduleRowSchema) },
  'POST /api/schedulers': { 201: scheduleRowSchema },
  'POST /api/schedulers/preview': { 200: schedulePreviewSchema },
  'GET /api/schedulers/:id': { 200: scheduleRowSchema },
  'PUT /api/schedulers/:id': { 200: scheduleRowSchema },
  'DELETE /api/schedulers/:id': { 200: okAnswerSchema },
  'POST /api/schedulers/:id/pause': { 200: scheduleRowSchema },
  'POST /api/schedulers/:id/unpause': { 200: scheduleRowSchema },
  'POST /api/schedulers/:id/end': { 200: scheduleRowSchema },
  'GET /api/manual_opens': { 200: arrayOf(manualOpenRowSchema) },
  'GET /api/dashboards': { 200: arrayOf(dashboardSchema) },
  'POST /api/dashboards': { 201: dashboardSchema },
  'PUT /api/dashboards/order': { 200: arrayOf(dashboardSchema) },
  'GET /api/dashboards/:id': { 200: dashboardSchema },
  'PUT /api/dashboards/:id': { 200: dashboardSchema },
  'DELETE /api/dashboards/:id': { 200: okAnswerSchema },
  'GET /api/outputs_plans': { 200: outputPlanRowsSchema },
  'GET /api/outputs_plans/forecast': { 200: outputPlanRowsSchema },

  'POST /api/reports': { 200: reportAnswerSchema },
  'POST /api/reports/export': { 200: csvText },
  'GET /api/reports/templates': { 200: arrayOf(reportTemplateSchema) },
  'POST /api/reports/templates': { 201: reportTemplateSchema },
  'GET /api/reports/templates/:id': { 200: reportTemplateSchema },
  'PUT /api/reports/templates/:id': { 200: reportTemplateSchema },
  'DELETE /api/reports/templates/:id': { 200: okAnswerSchema },

  'GET /api/weather': { 200: weatherAnswerSchema },
  'GET /api/weather/settings': { 200: weatherSettingsAnswerSchema },
  'PUT /api/weather/settings': { 200: weatherSettingsAnswerSchema },

  'GET /api/test/runs': { 200: testRunsAnswerSchema },
  'GET /api/test/runs/:id': { 200: testRunSchema },
  'POST /api/test/weather': { 200: weatherCheckAnswerSchema },
  'POST /api/test/profile': { 200: profileTestAnswerSchema },
  'POST /api/test/runs/:id/cancel': { 200: testRunSchema },
  'POST /api/test/outputs/:id': { 201: testRunSchema },
  'POST /api/test/groups/:id': { 201: testRunSchema },
  'POST /api/test/resources': { 201: testRunSchema },
  'GET /api/test/objects/:id': { 200: moduleDiagnosticsSchema },
}

function resourceRoutes(): Record<Route, Answers> {
  const routes: Record<Route, Answers> = {}
  for (const [name, item] of Object.entries(resourceItems)) {
    routes[`GET /api/${name}`] = { 200: arrayOf(item) }
    routes[`POST /api/${name}`] = { 201: item }
    routes[`GET /api/${name}/:id`] = { 200: item }
    routes[`PUT /api/${name}/:id`] = { 200: item }
    routes[`DELETE /api/${name}/:id`] = { 200: okAnswerSchema }
    routes[`GET /api/${name}/:id/usage`] = { 200: resourceUsageSchema }
  }
  return routes
}
