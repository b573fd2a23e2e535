import type { AppMessages } from '../messages'

export const plMail: AppMessages['mail'] = {
  signature: 'Kropla: sterowanie nawadnianiem i monitoring upraw',
  password_reset_subject: 'Kropla: ustaw nowe hasło',
  password_reset_text:
    'Dzień dobry,\n\nktoś poprosił o zresetowanie hasła {{email}} na koncie Kropla „{{account}}”. Aby ustawić nowe hasło, otwórz ten link w ciągu {{minutes}} minut:\n\n{{link}}\n\nLink działa jeden raz. Jeśli to nie Ty, zignoruj tę wiadomość: hasło pozostanie bez zmian.',
  invitation_subject: 'Kropla: zaproszenie do konta „{{account}}”',
  invitation_text:
    'Dzień dobry,\n\n{{inviter}} zaprasza Cię do konta Kropla „{{account}}”. Twój login to {{email}}. Aby ustawić hasło i zacząć, otwórz ten link w ciągu {{days}} dni:\n\n{{link}}\n\nJeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.',
  invitation_existing_subject: 'Kropla: zaproszenie do konta „{{account}}”',
  invitation_existing_text:
    'Dzień dobry,\n\n{{inviter}} zaprasza adres {{email}} do konta Kropla „{{account}}”. Ten adres ma już konto Kropla, więc niczego nie zmieniono: Twoje konto, hasło i dane pozostają bez zmian. Aby pracować również w koncie „{{account}}”, poproś {{inviter}} o zgłoszenie do pomocy technicznej Kropla dodania Twojego konta.\n\nJeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.',
}
