import {
  type MouseEvent,
  type RefObject,
  type SyntheticEvent,
  type UIEvent,
  useEffect,
  useState,
} from 'react'

/**
 * A cell cut short shows its whole text as its title, set when the pointer or focus reaches it (one
 * listener for the table, nothing per cell: a tooltip per drawn cell made scrolling 10,000 rows
 * several times slower).
 */
export function showWholeText(event: SyntheticEvent) {
  const span = (event.target as HTMLElement).closest<HTMLElement>('[data-clipped]')
  if (!span) return
  const isCut = span.scrollWidth > span.clientWidth + 1
  const whole = isCut ? (span.textContent ?? '') : ''
  if (span.title !== whole) span.title = whole
}

/** The cut cell a tap (or click) reached, if any: not on a link or button in it, which do their own thing. */
function tappedCutCell(event: MouseEvent): HTMLElement | null {
  const target = event.target as HTMLElement
  if (target.closest('a, button, input, select, textarea, label, [role="button"]')) return null
  const span = target.closest<HTMLElement>('[data-clipped]')
  return span && span.scrollWidth > span.clientWidth + 1 ? span : null
}

/** The whole text of a tapped cut cell, where it is drawn below that cell inside the table's frame. */
export interface WholeText {
  cell: HTMLElement
  text: string
  top: number
  left: number
  maxWidth: number
  /** Where the table was scrolled to when it opened: a scroll away from there closes it. */
  scrolledTo: { top: number; left: number }
}
const wholeTextWidth = 320

/**
 * A phone has no hover, so no title: a tap on a cut cell shows its whole text in one panel shared by
 * the table (one listener on the table, nothing per cell), closed by a tap elsewhere, Escape or a scroll.
 */
export function useWholeTextOnTap(
  frame: RefObject<HTMLDivElement | null>,
  scroller: RefObject<HTMLDivElement | null>,
) {
  const [whole, setWhole] = useState<WholeText | null>(null)
  const onTap = (event: MouseEvent) => {
    const cell = tappedCutCell(event)
    const box = frame.current
    if (!cell || !box || whole?.cell === cell) {
      setWhole(null)
      return
    }
    const frameRect = box.getBoundingClientRect()
    const cellRect = cell.getBoundingClientRect()
    const maxWidth = Math.min(wholeTextWidth, frameRect.width)
    setWhole({
      cell,
      text: cell.textContent ?? '',
      top: cellRect.bottom - frameRect.top + 4,
      left: Math.max(0, Math.min(cellRect.left - frameRect.left, frameRect.width - maxWidth)),
      maxWidth,
      scrolledTo: { top: scroller.current?.scrollTop ?? 0, left: scroller.current?.scrollLeft ?? 0 },
    })
  }
  useEffect(() => {
    if (!whole) return
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node
      if (!frame.current?.contains(target)) setWhole(null)
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setWhole(null)
    }
    document.addEventListener('pointerdown', closeOutside)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('pointerdown', closeOutside)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [whole, frame])
  // The panel stays where it was drawn: a scroll moves the cell away, so it closes (the scroll that
  // brought the cell into view just before the tap does not count).
  const onScroll = whole
    ? (event: UIEvent<HTMLDivElement>) => {
        const { scrollTop, scrollLeft } = event.currentTarget
        if (
          Math.abs(scrollTop - whole.scrolledTo.top) > 2 ||
          Math.abs(scrollLeft - whole.scrolledTo.left) > 2
        )
          setWhole(null)
      }
    : undefined
  return { whole, onTap, onScroll }
}
