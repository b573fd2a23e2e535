import { Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FullText } from '../../app/ui/FullText'
import { useGeoObjects, useRegions } from '../resources/resources-api'
import { useSession } from '../session/use-session'
import { useFarmMap } from './FarmMap'
import { searchMap } from './map-state'

/** Spec 01 section 3: the map's search waits 500 ms after the last key before it looks. */
export const searchDebounceMs = 500

/** Finds the account's modules, regions and geo objects by name and shows the chosen one. */
export function MapSearch() {
  const { t } = useTranslation()
  const { show } = useFarmMap()
  const { objects } = useSession()
  const regions = useRegions()
  const geoObjects = useGeoObjects()
  const [text, setText] = useState('')
  const [query] = useDebouncedValue(text, searchDebounceMs)
  const hits = useMemo(
    () => searchMap(query, { objects, regions: regions.data ?? [], geoObjects: geoObjects.data ?? [] }),
    [query, objects, regions.data, geoObjects.data],
  )
  return (
    <Stack
      gap={4}
      style={{
        position: 'absolute',
        top: 10,
        right: 10,
        zIndex: 900,
        width: 'min(280px, calc(100% - 70px))',
      }}
    >
      <TextInput
        size="xs"
        aria-label={t('map.search')}
        placeholder={t('map.search_placeholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-testid="map-search"
      />
      {query.trim() !== '' && text === query && (
        <Paper shadow="sm" p={4} radius="sm" data-testid="map-search-results">
          {hits.length === 0 ? (
            <Text size="xs" c="dimmed" p={4}>
              {t('map.no_results')}
            </Text>
          ) : (
            hits.map((hit) => (
              <UnstyledButton
                key={`${hit.kind}-${hit.id}`}
                display="block"
                w="100%"
                p={4}
                onClick={() => {
                  show(hit.kind, hit.id)
                  setText('')
                }}
              >
                <FullText text={hit.name}>
                  <Text size="sm" truncate>
                    {hit.name}
                  </Text>
                </FullText>
                <Text size="xs" c="dimmed">
                  {t(`map.kinds.${hit.kind}`)}
                </Text>
              </UnstyledButton>
            ))
          )}
        </Paper>
      )}
    </Stack>
  )
}
