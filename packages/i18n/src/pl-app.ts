import type { AppMessages } from './messages'
import { plAbout } from './pl/about'
import { plAdminMessages } from './pl/admin-messages'
import { plAlarms } from './pl/alarms'
import { plAudit } from './pl/audit'
import { plCalendar } from './pl/calendar'
import { plClient } from './pl/client'
import { plDashboard } from './pl/dashboard'
import { plDashboards } from './pl/dashboards'
import { plEquipmentKinds } from './pl/equipment-kinds'
import { plEquipmentTypes } from './pl/equipment-types'
import { plErrors } from './pl/errors'
import { plFarmZone } from './pl/farm-zone'
import { plFields } from './pl/fields'
import { plFirstRun } from './pl/first-run'
import { plHelp } from './pl/help'
import { plHistory } from './pl/history'
import { plInputTypes } from './pl/input-types'
import { plInvitation } from './pl/invitation'
import { plMail } from './pl/mail'
import { plManual } from './pl/manual'
import { plMap } from './pl/map'
import { plMessages } from './pl/messages'
import { plMobile } from './pl/mobile'
import { plMobileBadge } from './pl/mobile-badge'
import { plMobileDevices } from './pl/mobile-devices'
import { plMobileDirection } from './pl/mobile-direction'
import { plMobileGeolocation } from './pl/mobile-geolocation'
import { plMobileMaps } from './pl/mobile-maps'
import { plModels } from './pl/models'
import { plModules } from './pl/modules'
import { plNav } from './pl/nav'
import { plNotifications } from './pl/notifications'
import { plOffline } from './pl/offline'
import { plOperator } from './pl/operator'
import { plOutputs } from './pl/outputs'
import { plPassReset } from './pl/pass-reset'
import { plPasswordRules } from './pl/password-rules'
import { plPayments } from './pl/payments'
import { plPlants } from './pl/plants'
import { plPreferences } from './pl/preferences'
import { plProfile } from './pl/profile'
import { plProperties } from './pl/properties'
import { plPush } from './pl/push'
import { plRegister } from './pl/register'
import { plReportCsv } from './pl/report-csv'
import { plReportIrrigationCsv } from './pl/report-irrigation-csv'
import { plReportScheduleCsv } from './pl/report-schedule-csv'
import { plReports } from './pl/reports'
import { plResources } from './pl/resources'
import { plSchedules } from './pl/schedules'
import { plSessions } from './pl/sessions'
import { plSettings } from './pl/settings'
import { plSoilTypes } from './pl/soil-types'
import { plSupervisor } from './pl/supervisor'
import { plSupport } from './pl/support'
import { plSwitcher } from './pl/switcher'
import { plTable } from './pl/table'
import { plTestArea } from './pl/test-area'
import { plTestProfile } from './pl/test-profile'
import { plTestWeather } from './pl/test-weather'
import { plUsers } from './pl/users'
import { plWeather } from './pl/weather'

/**
 * Polski, wszystko poza częścią publiczną (jak en-app.ts): każda sekcja w osobnym pliku w pl/,
 * typowana sekcją katalogu angielskiego.
 */
export const plApp: AppMessages = {
  nav: plNav,
  dashboard: plDashboard,
  dashboards: plDashboards,
  modules: plModules,
  register: plRegister,
  passwordRules: plPasswordRules,
  passReset: plPassReset,
  invitation: plInvitation,
  help: plHelp,
  about: plAbout,
  payments: plPayments,
  first_run: plFirstRun,
  audit: plAudit,
  support: plSupport,
  settings: plSettings,
  alarms: plAlarms,
  push: plPush,
  profile: plProfile,
  preferences: plPreferences,
  client: plClient,
  users: plUsers,
  sessions: plSessions,
  switcher: plSwitcher,
  map: plMap,
  mobile: plMobile,
  mobile_badge: plMobileBadge,
  mobile_direction: plMobileDirection,
  mobile_geolocation: plMobileGeolocation,
  mobile_maps: plMobileMaps,
  resources: plResources,
  messages: plMessages,
  admin_messages: plAdminMessages,
  schedules: plSchedules,
  manual: plManual,
  weather: plWeather,
  test_weather: plTestWeather,
  test_profile: plTestProfile,
  report_irrigation_csv: plReportIrrigationCsv,
  report_schedule_csv: plReportScheduleCsv,
  offline: plOffline,
  farm_zone: plFarmZone,
  calendar: plCalendar,
  reports: plReports,
  report_csv: plReportCsv,
  history: plHistory,
  fields: plFields,
  outputs: plOutputs,
  mail: plMail,
  notifications: plNotifications,
  models: plModels,
  properties: plProperties,
  input_types: plInputTypes,
  soil_types: plSoilTypes,
  plants: plPlants,
  equipment_kinds: plEquipmentKinds,
  equipment_types: plEquipmentTypes,
  table: plTable,
  operator: plOperator,
  test_area: plTestArea,
  supervisor: plSupervisor,
  mobile_devices: plMobileDevices,
  errors: plErrors,
}
