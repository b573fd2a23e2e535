import type { AppMessages } from '../messages'

export const plPreferences: AppMessages['preferences'] = {
  title: 'Preferencje',
  intro: 'Dotyczą każdej daty, temperatury i powierzchni pokazywanej w aplikacji.',
  time_zone: 'Strefa czasowa',
  time_zone_browser: 'Strefa czasowa tej przeglądarki ({{zone}})',
  date_format: 'Format daty',
  temperature_unit: 'Jednostka temperatury',
  unit_C: 'Stopnie Celsjusza (°C)',
  unit_F: 'Stopnie Fahrenheita (°F)',
  area_unit: 'Jednostka powierzchni',
  unit_ha: 'Hektary (ha)',
  unit_m2: 'Metry kwadratowe (m²)',
  unit_ac: 'Akry (ac)',
  preview: 'Podgląd',
  preview_date: 'Teraz',
  preview_temperature: 'Temperatura',
  preview_area: 'Powierzchnia',
  nothing_found: 'Nic nie znaleziono',
}
