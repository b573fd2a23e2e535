export const enMail = {
  signature: 'Kropla: irrigation control and field monitoring',
  password_reset_subject: 'Kropla: set a new password',
  password_reset_text:
    'Hello,\n\nsomeone asked to reset the password of {{email}} on the Kropla account "{{account}}". To choose a new password, open this link within {{minutes}} minutes:\n\n{{link}}\n\nThe link works once. If you did not ask for it, ignore this message: your password stays as it is.',
  invitation_subject: 'Kropla: you are invited to the account "{{account}}"',
  invitation_text:
    'Hello,\n\n{{inviter}} invited you to the Kropla account "{{account}}". Your login is {{email}}. To set your password and start, open this link within {{days}} days:\n\n{{link}}\n\nIf you do not expect this invitation, ignore this message.',
  invitation_existing_subject: 'Kropla: an invitation to the account "{{account}}"',
  invitation_existing_text:
    'Hello,\n\n{{inviter}} invited {{email}} to the Kropla account "{{account}}". This address already has a Kropla account, so nothing was changed: your account, password and data stay as they are. To work in "{{account}}" as well, ask {{inviter}} to have Kropla support add your account to it.\n\nIf you do not expect this invitation, ignore this message.',
}
