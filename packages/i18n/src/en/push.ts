export const enPush = {
  label: 'Mobile app / browser notifications',
  description:
    'Alarms pop up on this device even when Kropla is closed. Each browser is switched on separately.',
  unsupported:
    'This browser cannot receive notifications. On a phone, install Kropla from the browser menu first.',
  denied: 'Notifications are blocked for this site. Allow them in the browser settings, then try again.',
  enabled: 'This browser will receive alarm notifications.',
  disabled: 'This browser will no longer receive alarm notifications.',
  failed: 'Notifications in this browser could not be changed.',
}
