import { enAbout } from './en/about'
import { enAdminMessages } from './en/admin-messages'
import { enAlarms } from './en/alarms'
import { enAudit } from './en/audit'
import { enCalendar } from './en/calendar'
import { enClient } from './en/client'
import { enDashboard } from './en/dashboard'
import { enDashboards } from './en/dashboards'
import { enEquipmentKinds } from './en/equipment-kinds'
import { enEquipmentTypes } from './en/equipment-types'
import { enErrors } from './en/errors'
import { enFarmZone } from './en/farm-zone'
import { enFields } from './en/fields'
import { enFirstRun } from './en/first-run'
import { enHelp } from './en/help'
import { enHistory } from './en/history'
import { enInputTypes } from './en/input-types'
import { enInvitation } from './en/invitation'
import { enMail } from './en/mail'
import { enManual } from './en/manual'
import { enMap } from './en/map'
import { enMessages } from './en/messages'
import { enMobile } from './en/mobile'
import { enMobileBadge } from './en/mobile-badge'
import { enMobileDevices } from './en/mobile-devices'
import { enMobileDirection } from './en/mobile-direction'
import { enMobileGeolocation } from './en/mobile-geolocation'
import { enMobileMaps } from './en/mobile-maps'
import { enModels } from './en/models'
import { enModules } from './en/modules'
import { enNav } from './en/nav'
import { enNotifications } from './en/notifications'
import { enOffline } from './en/offline'
import { enOperator } from './en/operator'
import { enOutputs } from './en/outputs'
import { enPassReset } from './en/pass-reset'
import { enPasswordRules } from './en/password-rules'
import { enPayments } from './en/payments'
import { enPlants } from './en/plants'
import { enPreferences } from './en/preferences'
import { enProfile } from './en/profile'
import { enProperties } from './en/properties'
import { enPush } from './en/push'
import { enRegister } from './en/register'
import { enReportCsv } from './en/report-csv'
import { enReportIrrigationCsv } from './en/report-irrigation-csv'
import { enReportScheduleCsv } from './en/report-schedule-csv'
import { enReports } from './en/reports'
import { enResources } from './en/resources'
import { enSchedules } from './en/schedules'
import { enSessions } from './en/sessions'
import { enSettings } from './en/settings'
import { enSoilTypes } from './en/soil-types'
import { enSupervisor } from './en/supervisor'
import { enSupport } from './en/support'
import { enSwitcher } from './en/switcher'
import { enTable } from './en/table'
import { enTestArea } from './en/test-area'
import { enTestProfile } from './en/test-profile'
import { enTestWeather } from './en/test-weather'
import { enUsers } from './en/users'
import { enWeather } from './en/weather'

/**
 * English, every part but the public one (en-public.ts): the screens behind login and the server's mail.
 * Each section is a file of its own in en/ (`alarms` in en/alarms.ts, `first_run` in en/first-run.ts),
 * joined here in one object: the browser loads it as one chunk (en-app) with the first screen behind login.
 */
export const enApp = {
  nav: enNav,
  dashboard: enDashboard,
  dashboards: enDashboards,
  modules: enModules,
  register: enRegister,
  passwordRules: enPasswordRules,
  passReset: enPassReset,
  invitation: enInvitation,
  help: enHelp,
  about: enAbout,
  payments: enPayments,
  first_run: enFirstRun,
  audit: enAudit,
  support: enSupport,
  settings: enSettings,
  alarms: enAlarms,
  push: enPush,
  profile: enProfile,
  preferences: enPreferences,
  client: enClient,
  users: enUsers,
  sessions: enSessions,
  switcher: enSwitcher,
  map: enMap,
  mobile: enMobile,
  mobile_badge: enMobileBadge,
  mobile_direction: enMobileDirection,
  mobile_geolocation: enMobileGeolocation,
  mobile_maps: enMobileMaps,
  resources: enResources,
  messages: enMessages,
  admin_messages: enAdminMessages,
  schedules: enSchedules,
  manual: enManual,
  weather: enWeather,
  test_weather: enTestWeather,
  test_profile: enTestProfile,
  report_irrigation_csv: enReportIrrigationCsv,
  report_schedule_csv: enReportScheduleCsv,
  offline: enOffline,
  farm_zone: enFarmZone,
  calendar: enCalendar,
  reports: enReports,
  report_csv: enReportCsv,
  history: enHistory,
  fields: enFields,
  outputs: enOutputs,
  mail: enMail,
  notifications: enNotifications,
  models: enModels,
  properties: enProperties,
  input_types: enInputTypes,
  soil_types: enSoilTypes,
  plants: enPlants,
  equipment_kinds: enEquipmentKinds,
  equipment_types: enEquipmentTypes,
  table: enTable,
  operator: enOperator,
  test_area: enTestArea,
  supervisor: enSupervisor,
  mobile_devices: enMobileDevices,
  errors: enErrors,
}
