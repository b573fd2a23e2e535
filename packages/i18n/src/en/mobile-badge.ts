export const enMobileBadge = {
  active_now: 'Active alarms now',
  shown: "The installed app's icon shows {{count}}.",
  cleared: "No alarm is active: the installed app's icon shows no number.",
  failed: 'The browser refused to set the icon number.',
  waiting: 'Reading the active alarms…',
  how: 'The number appears on the icon of the app installed on this device (added to the home screen or installed from the browser) and follows the active alarms while the app is open. A browser tab shows no icon number.',
  open_alarms: 'Show the alarms',
}
