import type { Mailer } from '../../mail/mailer'
import type { NotificationChannel } from './channels'

/** Alarm mail through Kropla's mailer: SMTP_URL, otherwise the DATA_DIR/outbox folder. */
export function createEmailChannel(mailer: Mailer): NotificationChannel {
  return {
    name: 'email',
    async deliver(recipient, message) {
      await mailer.send({ to: recipient.email, subject: message.subject, text: message.text })
      return { status: 'sent' }
    },
  }
}
