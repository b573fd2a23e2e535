import type { AppMessages } from '../messages'

export const plSupport: AppMessages['support'] = {
  open: 'Wejdź na konto (wsparcie)',
  title: 'Dostęp wsparcia',
  account: 'Konto klienta',
  choose_account: 'Wybierz konto.',
  reason: 'Powód',
  reason_hint:
    'Dlaczego musisz zobaczyć konto klienta (np. numer zgłoszenia). Powód zostaje zapisany w dzienniku zdarzeń.',
  submit: 'Wejdź',
  cancel: 'Anuluj',
  banner: 'Dostęp wsparcia: pracujesz na koncie {{account}} w jego imieniu ({{reason}}).',
  leave: 'Wróć na moje konto',
  switch_in: 'Wejdź na to konto',
  unusable: 'Na konto zablokowane lub wygasłe nie można wejść.',
}
