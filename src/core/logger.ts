/** Structured logging (pino). Secrets never reach the log: authorization headers and secrets are redacted. */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'wallet-integrity' },
    redact: { paths: ['req.headers.authorization', 'secret', '*.secret', 'apiKey'], censor: '[redacted]' },
  });
}
