import type { GeoPoint } from '@kropla/domain'
import { Button } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'

// The dialog's map (and Leaflet) load only when the button is pressed.
const LocalizerDialog = lazy(() =>
  import('./LocalizerDialog').then((module) => ({ default: module.LocalizerDialog })),
)

/** "Pick on the map": opens the localizer dialog and hands back the chosen point. */
export function PickOnMapButton({
  value,
  onPick,
  mt = 'xs',
}: {
  value: GeoPoint | null
  onPick: (point: GeoPoint) => void
  /** Space above the button (none in a row of buttons). */
  mt?: 'xs' | 0
}) {
  const { t } = useTranslation()
  const [isOpen, setOpen] = useState(false)
  return (
    <>
      <Button variant="light" size="xs" w="fit-content" mt={mt} onClick={() => setOpen(true)}>
        {t('map.pick_on_map')}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <LocalizerDialog
            value={value}
            onClose={() => setOpen(false)}
            onPick={(point) => {
              onPick(point)
              setOpen(false)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
