import { Tooltip } from '@mantine/core'
import { cloneElement, type ReactElement, type Ref, useLayoutEffect, useRef, useState } from 'react'

/**
 * Wraps one element whose text may be cut short (Mantine `truncate`, `lineClamp`, CSS ellipsis):
 * while it is cut, its full text shows in a tooltip on hover, keyboard focus and tap (a phone has
 * no hover). Text that fits gets none. The element must take a ref.
 */
export function FullText({
  text,
  children,
}: {
  text: string
  children: ReactElement<{ ref?: Ref<HTMLElement>; 'data-cut'?: boolean }>
}) {
  const ref = useRef<HTMLElement>(null)
  const [isCut, setIsCut] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text in a box of the same size is measured again (the observer sees sizes only)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () =>
      setIsCut(
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      )
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [text])
  return (
    <Tooltip
      label={text}
      disabled={!isCut}
      events={{ hover: true, focus: true, touch: true }}
      multiline
      maw={300}
      openDelay={150}
    >
      {cloneElement(children, { ref, 'data-cut': isCut || undefined })}
    </Tooltip>
  )
}
