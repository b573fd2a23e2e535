export const enPassReset = {
  title: 'Reset the password',
  step_request: 'Account',
  step_new: 'New password',
  request_intro:
    'Enter the name of your account and your e-mail address. We will send you a link to set a new password.',
  account_name: 'Account name',
  email: 'E-mail',
  send: 'Send the link',
  sent_title: 'Check your mail',
  sent_text:
    'If an account of that name has a user with the e-mail {{email}}, we have sent a link there to set a new password. It is valid for {{minutes}} minutes. Nothing arrived? Check the account name and the address, and the spam folder.',
  new_intro: 'Enter your new password twice.',
  password: 'New password',
  password_confirm: 'Repeat the new password',
  save: 'Set the password',
  done_title: 'Password changed',
  done_text: 'You can now log in with your new password.',
  to_login: 'Go to login',
  request_again: 'Enter the account name and e-mail again',
}
