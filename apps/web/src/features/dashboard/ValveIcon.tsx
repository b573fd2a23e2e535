import { useTranslation } from 'react-i18next'

/** A valve output's state: open, closed, or unknown when the module has not said. */
export const valveState = (value: number | null | undefined) =>
  value === null || value === undefined ? 'unknown' : value ? 'open' : 'closed'

/**
 * A valve output: open (water drops), closed, or unknown (a question mark), spec 02 section 3.4.
 * `decorative` where the state is said in words beside it: hidden from screen readers, which would
 * otherwise read the state twice.
 */
export function ValveIcon({
  value,
  testId,
  decorative = false,
}: {
  value: number | null | undefined
  testId?: string
  decorative?: boolean
}) {
  const { t } = useTranslation()
  const state = valveState(value)
  const label = t(`dashboard.valve_${state}`)
  const color =
    state === 'open'
      ? 'var(--mantine-color-blue-6)'
      : state === 'closed'
        ? 'var(--mantine-color-gray-6)'
        : 'var(--mantine-color-gray-4)'
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden) where its state is written beside it; otherwise it has its title and label
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
      data-state={state}
      data-testid={testId}
      fill="none"
      stroke={color}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {!decorative && <title>{label}</title>}
      {/* The valve body: two triangles meeting at the stem. */}
      <path d="M3 8v8l9-4zM21 8v8l-9-4z" fill={state === 'open' ? color : 'none'} />
      <path d="M12 12V5M9 5h6" />
      {state === 'open' && <path d="M12 17v2M8 18v2M16 18v2" />}
      {state === 'closed' && <path d="M9 20h6" />}
      {state === 'unknown' && <path d="M10.5 19.5a1.5 1.5 0 1 1 1.5 1.5" />}
    </svg>
  )
}
