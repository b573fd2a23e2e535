import type { LivePoint } from '../dashboard-live'

/** A small trend line of points (no axes): the value tile's picture of how the value moved. */
export function Sparkline({ points, label }: { points: readonly LivePoint[]; label: string }) {
  if (points.length < 2) return null
  const times = points.map(([time]) => time)
  const values = points.map(([, value]) => value)
  const [t0, t1] = [Math.min(...times), Math.max(...times)]
  const [v0, v1] = [Math.min(...values), Math.max(...values)]
  const x = (time: number) => (t1 === t0 ? 0 : ((time - t0) / (t1 - t0)) * 100)
  const y = (value: number) => (v1 === v0 ? 15 : 28 - ((value - v0) / (v1 - v0)) * 26)
  const path = points.map(([time, value], index) => `${index ? 'L' : 'M'}${x(time)},${y(value)}`).join(' ')
  return (
    <svg
      viewBox="0 0 100 30"
      preserveAspectRatio="none"
      width="100%"
      height={40}
      role="img"
      aria-label={label}
    >
      <path
        d={path}
        fill="none"
        stroke="var(--mantine-color-blue-6)"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  )
}
