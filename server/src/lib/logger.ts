import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string = 'info'): Logger {
  return pino({
    level,
    base: { service: 'dcbrief' },
    redact: { paths: ['req.headers.cookie', 'headers.cookie', '*.password', '*.secret', '*.token'], censor: '[redacted]' },
  });
}
