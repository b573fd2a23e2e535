import type { AppMessages } from '../messages'

export const plAbout: AppMessages['about'] = {
  title: 'O aplikacji',
  product: 'Kropla',
  version: 'Wersja {{version}}',
  licence:
    'Kropla jest wolnym oprogramowaniem na licencji GNU Affero General Public License w wersji 3 lub nowszej.',
  dependencies: 'Użyte oprogramowanie (pakiety: {{count}})',
  package: 'Pakiet',
  package_version: 'Wersja',
  package_licence: 'Licencja',
}
