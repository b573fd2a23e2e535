/**
 * The route table (ADR 0092): every HTTP route of the server, one file per feature. An entry reads
 * top to bottom as the route does: method and path (`:id` a path parameter, as Fastify writes it),
 * the API document's summary and tags, what comes in (`params`, `query`, `body`) and what goes out,
 * each status with the schema of its body (`...refusals(404, 409)`: the error answer
 * `{ error, message, issues? }` on those statuses; the server's shell adds 400, 401, 403 and 500).
 * Three readers: the server registers each entry (registerRoute, and nothing else starts), the
 * browser calls by entry (callRoute) and the web tests' fakes may answer only what an entry
 * declares.
 */
import { aboutRoutes } from './about'
import { alarmRoutes } from './alarms'
import { auditRoutes } from './audit'
import { authRoutes } from './auth'
import { clientAccountRoutes } from './client-account'
import { commandRoutes } from './commands'
import { dashboardRoutes } from './dashboards'
import { geocodeRoutes } from './geocode'
import { ingestRoutes } from './ingest'
import { invitationRoutes } from './invitation'
import { irrigationReportRoutes } from './irrigation-reports'
import { manualOpenRoutes } from './manual-opens'
import { mapRoutes } from './map'
import { meRoutes } from './me'
import { messageRoutes } from './messages'
import { objectRoutes } from './objects'
import { operatorRoutes } from './operator'
import { opsRoutes } from './ops'
import { passwordResetRoutes } from './password-reset'
import { profileRoutes } from './profile'
import { pushRoutes } from './push'
import { registrationRoutes } from './registration'
import { reportTemplateRoutes } from './report-templates'
import { reportRoutes } from './reports'
import {
  geoObjectRoutes,
  groupRoutes,
  outputRoutes,
  regionRoutes,
  sectionRoutes,
  waterSourceRoutes,
} from './resources'
import type { RouteEntry } from './route'
import { scheduleRoutes } from './schedules'
import { sessionRoutes } from './sessions'
import { testAreaRoutes } from './test-area'
import { testProfileRoutes } from './test-profile'
import { testWeatherRoutes } from './test-weather'
import { userRoutes } from './users'
import { weatherRoutes } from './weather'

export * from './about'
export * from './alarms'
export * from './audit'
export * from './auth'
export * from './client-account'
export * from './commands'
export * from './dashboards'
export * from './geocode'
export * from './ingest'
export * from './invitation'
export * from './irrigation-reports'
export * from './manual-opens'
export * from './map'
export * from './me'
export * from './messages'
export * from './objects'
export * from './operator'
export * from './ops'
export * from './password-reset'
export * from './profile'
export * from './push'
export * from './registration'
export * from './report-templates'
export * from './reports'
export * from './resources'
export * from './route'
export * from './schedules'
export * from './sessions'
export * from './test-area'
export * from './test-profile'
export * from './test-weather'
export * from './users'
export * from './weather'

/**
 * Every HTTP route of the server, by feature (ADR 0092): the server registers exactly these, the
 * browser calls them by their entry and the web tests' fakes answer only what they declare.
 */
export const routeGroups = {
  aboutRoutes,
  alarmRoutes,
  auditRoutes,
  authRoutes,
  clientAccountRoutes,
  commandRoutes,
  dashboardRoutes,
  geoObjectRoutes,
  geocodeRoutes,
  groupRoutes,
  ingestRoutes,
  invitationRoutes,
  irrigationReportRoutes,
  manualOpenRoutes,
  mapRoutes,
  meRoutes,
  messageRoutes,
  objectRoutes,
  operatorRoutes,
  opsRoutes,
  outputRoutes,
  passwordResetRoutes,
  profileRoutes,
  pushRoutes,
  regionRoutes,
  registrationRoutes,
  reportRoutes,
  reportTemplateRoutes,
  scheduleRoutes,
  sectionRoutes,
  sessionRoutes,
  testAreaRoutes,
  testProfileRoutes,
  testWeatherRoutes,
  userRoutes,
  waterSourceRoutes,
  weatherRoutes,
}

/** The table's entries in one list. */
export const routeTable: readonly RouteEntry[] = Object.values(routeGroups).flatMap((group): RouteEntry[] =>
  Object.values(group),
)
