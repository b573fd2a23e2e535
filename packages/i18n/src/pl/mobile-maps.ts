import type { AppMessages } from '../messages'

export const plMobileMaps: AppMessages['mobile_maps'] = {
  follow: 'Podążaj za mną',
  following: 'Podążam za tobą',
  full_screen: 'Pełny ekran',
  exit_full_screen: 'Zamknij pełny ekran',
  offline_tiles: 'Kafelki zachowane offline: {{tiles}} ({{size}} MB z najwyżej {{cap}} MB)',
  offline_tiles_none: 'Nie zachowano jeszcze kafelków: oglądane kafelki są zachowywane do użytku offline.',
  clear_tiles: 'Usuń zachowane kafelki',
  no_tile_cache:
    'Ta przeglądarka nie umie zachować kafelków offline (brak Cache Storage); mapa potrzebuje sieci.',
}
