export const enSwitcher = {
  label: 'Client account',
  switching: 'Switching the account…',
}
