/** The operator's back office screens (one lazily loaded chunk with the shared DataTable). */
export { OperatorAlarmsScreen } from './AlarmsScreen'
export { ClientScreen, ClientsScreen } from './ClientsScreens'
export { DevicesScreen, FleetModuleScreen, ObjectsScreen } from './FleetScreens'
export { OverviewScreen } from './OverviewScreen'
export { UsersMessageScreen, UsersMessagesScreen } from './UsersMessagesScreens'
export { OperatorUserScreen, OperatorUsersScreen } from './UsersScreens'
