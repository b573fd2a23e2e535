import type { Preferences, Profile } from '@kropla/domain'
import { HttpError } from '../../app/http-errors'
import type { UserRow } from '../auth/auth-context'
import type { UsersDal } from '../users/users-dal'

export type ProfileView = Profile & { email: string }

export function toProfile(user: UserRow): ProfileView {
  return {
    email: user.email,
    name: user.name,
    family_name: user.family_name,
    phone: user.phone,
    description: user.description,
    notify_sms: user.notify_sms,
    notify_email: user.notify_email,
    notify_app: user.notify_app,
    marketing_app: user.marketing_app,
    marketing_email: user.marketing_email,
    marketing_phone: user.marketing_phone,
    marketing_mail: user.marketing_mail,
    hide_splash: user.hide_splash,
  }
}

export function toPreferences(user: UserRow): Preferences {
  return {
    time_zone: user.time_zone,
    date_format: user.date_format as Preferences['date_format'],
    temperature_unit: user.temperature_unit === 'F' ? 'F' : 'C',
    area_unit: user.area_unit === 'm2' || user.area_unit === 'ac' ? user.area_unit : 'ha',
  }
}

/** settings/profile: the user's own data, notification choices, consents and display preferences. */
export function createProfileService(deps: { users: UsersDal }) {
  const { users } = deps
  async function save(userId: number, changes: Partial<UserRow>) {
    const user = await users.update(userId, changes)
    if (!user) throw new HttpError('not_authenticated')
    return user
  }
  return {
    async update(userId: number, profile: Profile): Promise<ProfileView> {
      return toProfile(await save(userId, profile))
    },
    async updatePreferences(userId: number, preferences: Preferences): Promise<Preferences> {
      return toPreferences(await save(userId, preferences))
    },
  }
}
export type ProfileService = ReturnType<typeof createProfileService>
