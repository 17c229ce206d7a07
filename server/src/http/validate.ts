import type { z } from 'zod';
import { HttpError } from './errors.js';

/** Parses input with a shared schema; the first problem becomes a 400 message fit for a toast. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new HttpError(400, describeIssue(issue));
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type') {
    return field ? `${field}: expected ${issue.expected}` : `Request body must be a JSON ${issue.expected}`;
  }
  return field && !issue.message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message;
}
