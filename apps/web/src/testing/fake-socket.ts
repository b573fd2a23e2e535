type Handler = (...args: never[]) => void

/** Stands in for the socket.io client: the test plays the server by emitting events to the app's handlers. */
export function createFakeSocket() {
  const handlers = new Map<string, Handler[]>()
  return {
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler])
      return this
    },
    connect() {
      this.serverEmits('connect')
      return this
    },
    disconnect() {
      this.serverEmits('disconnect')
      return this
    },
    removeAllListeners() {
      handlers.clear()
      return this
    },
    serverEmits(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) (handler as (...values: unknown[]) => void)(...args)
    },
  }
}
export type FakeSocket = ReturnType<typeof createFakeSocket>
