import type { AppMessages } from '../messages'

export const plPush: AppMessages['push'] = {
  label: 'Powiadomienia w aplikacji mobilnej / przeglądarce',
  description:
    'Alarmy pojawią się na tym urządzeniu, nawet gdy Kropla jest zamknięta. Każdą przeglądarkę włącza się osobno.',
  unsupported:
    'Ta przeglądarka nie może odbierać powiadomień. Na telefonie najpierw zainstaluj Kroplę z menu przeglądarki.',
  denied:
    'Powiadomienia dla tej strony są zablokowane. Zezwól na nie w ustawieniach przeglądarki i spróbuj ponownie.',
  enabled: 'Ta przeglądarka będzie odbierać powiadomienia o alarmach.',
  disabled: 'Ta przeglądarka nie będzie już odbierać powiadomień o alarmach.',
  failed: 'Nie udało się zmienić powiadomień w tej przeglądarce.',
}
