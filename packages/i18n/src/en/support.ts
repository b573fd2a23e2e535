export const enSupport = {
  open: 'Switch into an account (support)',
  title: 'Support access',
  account: 'Client account',
  choose_account: 'Choose the account.',
  reason: 'Reason',
  reason_hint:
    "Why you need to see the client's account (e.g. a ticket number). It is kept in the audit log.",
  submit: 'Switch in',
  cancel: 'Cancel',
  banner: 'Support access: you are working in the account {{account}} on its behalf ({{reason}}).',
  leave: 'Back to my account',
  switch_in: 'Switch into this account',
  unusable: 'A blocked or expired account cannot be switched into.',
}
