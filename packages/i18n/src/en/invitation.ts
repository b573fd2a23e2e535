export const enInvitation = {
  title: 'Set your password',
  intro: 'You have been invited to the account {{client}}. Set a password to log in as {{email}}.',
  email: 'E-mail (login)',
  submit: 'Set the password and log in',
}
