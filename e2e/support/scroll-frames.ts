import type { Page } from 'playwright-core'

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/** Scrolls a table 600 px a frame for 240 frames; the times between frames (ms). */
export const scrollFrames = (page: Page, testId: string) =>
  page.evaluate(
    (id) =>
      new Promise<number[]>((resolve) => {
        const scroller = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!
        const gaps: number[] = []
        let last = performance.now()
        const step = (now: number) => {
          gaps.push(now - last)
          last = now
          scroller.scrollTop += 600
          if (gaps.length < 240) requestAnimationFrame(step)
          else resolve(gaps.slice(1))
        }
        requestAnimationFrame(step)
      }),
    testId,
  )

/** What the scale journeys print of a scroll: median, 95th percentile and worst frame, and the slow ones. */
export const frameFigures = (frames: number[]) => ({
  median: Number(percentile(frames, 50).toFixed(1)),
  p95: Number(percentile(frames, 95).toFixed(1)),
  max: Number(Math.max(...frames).toFixed(1)),
  over50ms: frames.filter((gap) => gap > 50).length,
  frames: frames.length,
})
