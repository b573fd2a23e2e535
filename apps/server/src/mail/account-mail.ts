import { type Lang, translate } from '@kropla/i18n'

export interface MailContent {
  subject: string
  text: string
}

function compose(
  lang: Lang,
  kind: 'password_reset' | 'invitation' | 'invitation_existing',
  params: Record<string, string | number>,
) {
  return {
    subject: translate(lang, `mail.${kind}_subject`, params),
    text: `${translate(lang, `mail.${kind}_text`, params)}\n\n--\n${translate(lang, 'mail.signature')}\n`,
  }
}

/** The password-reset mail with its one-time link. */
export function passwordResetMail(
  lang: Lang,
  params: { link: string; email: string; account: string; minutes: number },
): MailContent {
  return compose(lang, 'password_reset', params)
}

/** The invitation of a new user, with the link to the first-run set-password screen. */
export function invitationMail(
  lang: Lang,
  params: { link: string; email: string; account: string; inviter: string; days: number },
): MailContent {
  return compose(lang, 'invitation', params)
}

/**
 * To an address invited to an account while it already has one elsewhere: nothing was changed,
 * and how to get access. The inviting admin is answered as for a new address.
 */
export function invitationExistingMail(
  lang: Lang,
  params: { email: string; account: string; inviter: string },
): MailContent {
  return compose(lang, 'invitation_existing', params)
}
