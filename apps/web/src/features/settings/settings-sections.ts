/** A screen under /settings; its key names it in the `nav` and `settings` catalogues (`nav.profile`). */
export interface SettingsSectionLink {
  key: 'profile' | 'preferences' | 'sessions' | 'client' | 'users' | 'weather'
  to: string
  /** Account administration: shown to administrators only. */
  isAdminOnly?: boolean
}

/** The settings screens, in the order the settings overview and the main menu both list them. */
export const settingsSections: readonly SettingsSectionLink[] = [
  { key: 'profile', to: '/settings/profile' },
  { key: 'preferences', to: '/settings/preferences' },
  { key: 'sessions', to: '/settings/sessions' },
  { key: 'client', to: '/settings/profile/client', isAdminOnly: true },
  { key: 'users', to: '/settings/users', isAdminOnly: true },
  { key: 'weather', to: '/settings/weather' },
]
