/** Where the simulator reports what happens; pino, console or a test recorder all fit. */
export interface SimulatorLogger {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

export const consoleLogger: SimulatorLogger = {
  info: (message) => console.log(`[simulator] ${message}`),
  warn: (message) => console.warn(`[simulator] ${message}`),
  error: (message) => console.error(`[simulator] ${message}`),
}
