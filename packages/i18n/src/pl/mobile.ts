import type { AppMessages } from '../messages'

export const plMobile: AppMessages['mobile'] = {
  intro:
    'Co ten telefon lub komputer potrafi w terenie. Każdy ekran sprawdza, czy ta przeglądarka to obsługuje, i mówi o tym.',
  all_features: 'Wszystkie funkcje urządzenia',
  level: {
    supported: 'Działa w tej przeglądarce',
    limited: 'Działa częściowo',
    unsupported: 'Brak w tej przeglądarce',
  },
  about: {
    badge: 'Aktywne alarmy jako liczba na ikonie zainstalowanej aplikacji.',
    direction: 'Strzałka od miejsca, w którym stoisz, do wybranego modułu, z odległością.',
    geolocation: 'Twoja pozycja na mapie, odległość do każdego modułu i moduł umieszczony tam, gdzie stoisz.',
    maps: 'Mapa w teren: pełny ekran, podąża za tobą, duże znaczniki, ostatnie kafelki zachowane offline.',
    nfc: 'Zeskanuj znacznik modułu, aby go otworzyć lub dodać, albo zapisz znacznik.',
    fcm: 'Powiadomienia push na tym urządzeniu: subskrypcja, wysłanie próbnego.',
    bluetooth: 'Znajdź pobliskie urządzenia Bluetooth.',
    ble: 'Odczytaj standardową usługę, np. poziom baterii, z urządzenia Bluetooth LE.',
    boxs: 'Zeskanuj kod z pudełka modułu, aby wpisać jego numer seryjny i PIN.',
    datadisplay: 'Wybrane bieżące wartości dużym pismem, ekran nie gaśnie.',
  },
  reason: {
    no_badging: 'Ta przeglądarka nie umie pokazać liczby na ikonie aplikacji (Badging API).',
    no_orientation: 'Ta przeglądarka nie podaje orientacji urządzenia, więc nie ma kompasu.',
    no_geolocation: 'Ta przeglądarka nie umie podać twojej pozycji (Geolocation API).',
    insecure:
      'Aplikacja jest otwarta przez zwykłe http: przeglądarki pozwalają na tę funkcję tylko przez https.',
    no_nfc: 'Ta przeglądarka nie czyta znaczników NFC (Web NFC: Chrome na Androidzie).',
    no_push: 'Ta przeglądarka nie odbiera powiadomień push.',
    no_bluetooth: 'Ta przeglądarka nie ma Web Bluetooth (Chrome lub Edge na komputerze albo Androidzie).',
    no_cache: 'Kafelków nie da się zachować offline: ta przeglądarka nie ma Cache Storage.',
    no_barcode_detector: 'Kody odczytuje z obrazu kamery sama aplikacja (brak BarcodeDetector).',
    no_camera: 'Ta przeglądarka nie daje dostępu do kamery.',
    no_wake_lock: 'W tej przeglądarce ekran może zgasnąć (brak Wake Lock API).',
  },
  not_available: 'Niedostępne w tej przeglądarce',
  point: {
    n: 'płn.',
    ne: 'płn.-wsch.',
    e: 'wsch.',
    se: 'płd.-wsch.',
    s: 'płd.',
    sw: 'płd.-zach.',
    w: 'zach.',
    nw: 'płn.-zach.',
  },
  bearing: '{{degrees}}° {{point}}',
  distance_m: '{{value}} m',
  distance_km: '{{value}} km',
  position: 'Twoja pozycja: {{lat}}°, {{lon}}° (±{{accuracy}} m)',
  position_waiting: 'Czekam na twoją pozycję… (pierwszy odczyt po 1 s)',
  position_denied:
    'Odmówiono dostępu do lokalizacji. Zezwól na nią tej stronie w ustawieniach przeglądarki i otwórz ten ekran ponownie.',
  position_unavailable: 'Twoja pozycja nie jest teraz dostępna na tym urządzeniu.',
  no_located_modules: 'Żaden moduł nie ma jeszcze lokalizacji: ustaw ją na ekranie geolokalizacji.',
}
