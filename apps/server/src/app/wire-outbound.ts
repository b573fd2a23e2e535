import type { Logger } from 'pino'
import type { Config } from '../config/env'
import { createMailer } from '../mail/mailer'
import { createOutboundUrlPolicy } from '../outbound/outbound-url-policy'

/** What leaves the server on its own: mail (SMTP or the outbox directory) and calls to user-given URLs. */
export function wireOutbound(
  config: Config,
  logger: Logger,
  /** Exact origins exempt from the outbound URL rule: tests' stand-in push services only. */
  allowedOrigins?: readonly string[],
) {
  return {
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      logger,
    }),
    outboundUrls: createOutboundUrlPolicy({ allowedOrigins }),
  }
}
export type Outbound = ReturnType<typeof wireOutbound>
