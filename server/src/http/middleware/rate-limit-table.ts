/**
 * The table the PostgreSQL rate-limit store keeps its counters in; created by a migration, ignored by schema diffs.
 * Apart from the middleware so that opening the database (every CLI, the ingest pass) does not load
 * rate-limiter-flexible (decision 528).
 */
export const RATE_LIMIT_TABLE = 'rate_limits';
