import type { AppMessages } from '../messages'

export const plMobileBadge: AppMessages['mobile_badge'] = {
  active_now: 'Aktywne alarmy teraz',
  shown: 'Ikona zainstalowanej aplikacji pokazuje {{count}}.',
  cleared: 'Żaden alarm nie jest aktywny: ikona zainstalowanej aplikacji nie pokazuje liczby.',
  failed: 'Przeglądarka odmówiła ustawienia liczby na ikonie.',
  waiting: 'Odczytuję aktywne alarmy…',
  how: 'Liczba pojawia się na ikonie aplikacji zainstalowanej na tym urządzeniu (dodanej do ekranu głównego lub zainstalowanej z przeglądarki) i nadąża za aktywnymi alarmami, gdy aplikacja jest otwarta. Karta przeglądarki nie pokazuje liczby na ikonie.',
  open_alarms: 'Pokaż alarmy',
}
