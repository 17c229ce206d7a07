import { pino } from 'pino';
import type { Logger } from '../../src/lib/logger.js';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A real pino logger whose JSON lines are kept in `lines` (warn is level 40), for tests that check what an operator reads. */
export function captureLogs(level = 'info'): { logger: Logger; lines: LogLine[]; warnings(): LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines, warnings: () => lines.filter((l) => l.level === 40) };
}
