export const enOffline = {
  no_network: 'You are offline.',
  no_server: 'The server cannot be reached.',
  shows_known: 'The app shows what it knew before the connection was lost.',
  shows_saved: 'The app shows what it knew. Last update: {{age}}.',
  actions_wait: 'Actions that need the server are disabled until it answers again.',
  action_reason: 'Needs a connection to the server: not available offline. Nothing is sent later.',
}
