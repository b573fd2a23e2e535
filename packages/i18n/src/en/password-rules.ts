export const enPasswordRules = {
  title: 'The password needs',
  length: 'at least 8 characters',
  lower: 'a lowercase letter',
  upper: 'an uppercase letter',
  digit: 'a digit',
  special: 'a special character',
  match: 'the same password typed twice',
  met: 'met',
  not_met: 'not met yet',
}
