export const enFirstRun = {
  title: 'Welcome to {{account}}',
  intro: 'Your account is ready. Where would you like to start?',
  add_user: 'Add a user',
  add_module: 'Add a module',
  add_meteo: 'Add a meteo station',
  configure: 'Configure the account',
  to_app: 'Go to the app',
  do_not_show: 'Do not show this again',
  save_failed: 'Could not save your choice. Try again.',
}
