/** How a translation request is retried when the service asks us to slow down or is briefly unavailable. */
export interface RetryPolicy {
  /** Further attempts after the first; 0 sends each request once. */
  retries: number;
  /** Wait before the first retry when the answer names none (doubled each retry). */
  baseDelayMs: number;
  /** A service asking for a longer wait than this is not waited for: the answer stands as a failure. */
  maxDelayMs: number;
  /** How waiting is done (tests record the waits instead of sleeping). */
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** 429 (rate limited) and the gateway answers a restart or an overloaded proxy gives: worth another try. */
const RETRYABLE = new Set([429, 502, 503, 504]);

/**
 * fetch() with a deadline per attempt, retried a bounded number of times on 429/502/503/504, waiting what
 * `Retry-After` says (seconds or an HTTP date) or else an exponential backoff. Returns the last answer
 * (which may still be a 429) for the caller to report; network errors and timeouts are thrown at once, since
 * a service that does not answer will not answer sooner for being asked again within this pass.
 */
export async function fetchWithRetry(
  url: URL,
  init: RequestInit,
  options: { timeoutMs: number; retry?: Partial<RetryPolicy> },
): Promise<Response> {
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    if (!RETRYABLE.has(res.status) || attempt >= policy.retries) return res;
    const wait = retryAfterMs(res.headers.get('retry-after')) ?? policy.baseDelayMs * 2 ** attempt;
    if (wait > policy.maxDelayMs) return res;
    await res.body?.cancel();
    await policy.sleep(wait);
  }
}

/** `Retry-After: 30` or `Retry-After: Wed, 21 Oct 2026 07:28:00 GMT`, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
