export const enMobileMaps = {
  follow: 'Follow me',
  following: 'Following you',
  full_screen: 'Full screen',
  exit_full_screen: 'Leave full screen',
  offline_tiles: 'Tiles kept for offline use: {{tiles}} ({{size}} MB of at most {{cap}} MB)',
  offline_tiles_none: 'No tiles kept yet: the tiles you view are kept for offline use.',
  clear_tiles: 'Clear kept tiles',
  no_tile_cache:
    'This browser cannot keep tiles for offline use (no Cache Storage); the map needs the network.',
}
