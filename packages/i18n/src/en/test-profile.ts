export const enTestProfile = {
  title: 'Test messages',
  intro:
    'Send yourself a test message by each channel alarm notifications use, and see whether it went or why not.',
  email: 'E-mail',
  sms: 'SMS',
  push: 'Push notification',
  send: 'Send a test',
  to: 'To: {{to}}',
  no_phone_set: 'No phone number in the profile',
  limit: 'One test per channel every {{seconds}} s.',
  sent_email: 'Accepted by the mail server at {{time}}. Look in your inbox (and the spam folder).',
  sent_sms: 'Accepted by the SMS gateway at {{time}}. It should reach your phone within a minute.',
  sent_push: 'Accepted by the push service for {{count}} device(s) at {{time}}.',
  failed: 'Not sent',
  reason_no_phone: 'There is no phone number in your profile. Add one and try again.',
  reason_no_push_subscription:
    'No device of yours takes push notifications. Turn them on in Notifications on this device and try again.',
  reason_push_subscriptions_expired:
    'Your devices’ push subscriptions had expired and were removed. Turn notifications on again on your device.',
  reason_provider_refused_email: 'The mail server refused the message or did not answer.',
  reason_provider_refused_sms: 'The SMS gateway refused the message or did not answer.',
  reason_provider_refused_push: 'The push service refused the message or did not answer.',
  detail: 'Its answer: {{detail}}',
  open_profile: 'Open the profile',
  message_subject: 'Kropla: test message',
  message_text:
    'Hello,\n\nthis is a test message you sent yourself from Kropla at {{time}}. Alarm notifications by e-mail reach you the same way.\n\n{{link}}',
  message_sms: 'Kropla: a test message sent at {{time}}. Alarm SMS reach you the same way.',
  message_push: 'A test message sent at {{time}}.',
}
