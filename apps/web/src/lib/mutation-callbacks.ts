/**
 * What a screen adds to a feature's mutation hook: its own reaction to the outcome (a notification,
 * a form reset, a dialog closed). The hook keeps the call and the cache's part (ADR 0090); the
 * screen's callbacks run after it.
 */
export interface MutationCallbacks<Data, Variables = void> {
  onSuccess?: (data: Data, variables: Variables) => void
  onError?: (error: Error, variables: Variables) => void
}
