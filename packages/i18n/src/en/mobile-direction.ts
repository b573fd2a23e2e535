export const enMobileDirection = {
  module: 'Module',
  choose: 'Choose a module',
  arrow: 'Arrow towards {{name}}',
  distance: 'Distance',
  bearing: 'Bearing from you',
  heading: 'Phone facing',
  heading_value: '{{degrees}}° {{point}}',
  compass_waiting: 'Waiting for the compass… Hold the phone flat.',
  compass_none:
    'No compass readings arrive: this device has no compass or the browser does not share it. The arrow shows the direction with north at the top of the screen.',
  compass_enable: 'Turn on the compass',
  compass_refused: 'Access to the compass was refused.',
  north_up: 'North is at the top of the screen',
  arrived: 'You are at the module (within the position accuracy).',
  no_location: 'This module has no location yet.',
}
