type Handler = (...args: never[]) => void
type RequestHandler = (payload: unknown) => unknown

/**
 * Stands in for the socket.io client: the test plays the server by emitting events to the app's
 * handlers, and answers the app's requests (`switch_client`) with `answerRequest`.
 */
export function createFakeSocket() {
  const handlers = new Map<string, Handler[]>()
  const requestHandlers = new Map<string, RequestHandler>()
  const requests: { event: string; payload: unknown }[] = []
  return {
    connected: false,
    requests,
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler])
      return this
    },
    connect() {
      this.connected = true
      this.serverEmits('connect')
      return this
    },
    disconnect() {
      this.connected = false
      this.serverEmits('disconnect')
      return this
    },
    removeAllListeners() {
      handlers.clear()
      return this
    },
    /** A request from the app; its last argument is the acknowledgement callback. */
    emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
      requests.push({ event, payload })
      const handler = requestHandlers.get(event)
      if (handler && ack) queueMicrotask(() => ack(handler(payload)))
      return this
    },
    answerRequest(event: string, handler: RequestHandler) {
      requestHandlers.set(event, handler)
    },
    serverEmits(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) (handler as (...values: unknown[]) => void)(...args)
    },
  }
}
export type FakeSocket = ReturnType<typeof createFakeSocket>
