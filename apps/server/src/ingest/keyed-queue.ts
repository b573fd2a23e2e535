/**
 * Runs tasks one after another per key, in the order they were given: a module's `online` and its
 * last-will `offline` must be applied in the order they arrived, whatever each one waits for.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>()
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve()
      const next = previous.then(task, task)
      tails.set(key, next)
      const forget = () => {
        if (tails.get(key) === next) tails.delete(key)
      }
      next.then(forget, forget)
      return next
    },
  }
}
