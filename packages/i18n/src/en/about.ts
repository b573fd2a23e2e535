export const enAbout = {
  title: 'About',
  product: 'Kropla',
  version: 'Version {{version}}',
  licence: 'Kropla is free software under the GNU Affero General Public License, version 3 or later.',
  dependencies: 'Software inside ({{count}} packages)',
  package: 'Package',
  package_version: 'Version',
  package_licence: 'Licence',
}
