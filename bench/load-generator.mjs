/**
 * autocannon in a process of its own (bench/api.ts runs it as a child), so the load generator does not share
 * the measured server's event loop. Reads one JSON argument { url, headers, connections, duration, overallRate?,
 * warmup? } and prints one JSON line: req/s, latencies, answers that were not 2xx, errors, and every request sent
 * (warm-up included: the measured server's CPU time is read around the whole run).
 */
import autocannon from 'autocannon';

const { url, headers = {}, connections, duration, overallRate, warmup = 1 } = JSON.parse(process.argv[2]);
const options = { url, headers, connections, ...(overallRate ? { overallRate } : {}) };
// A short warm-up, so JIT compilation and first connections stay out of the figure.
const warm = warmup ? await autocannon({ ...options, duration: warmup }) : null;
const r = await autocannon({ ...options, duration });
process.stdout.write(
  `${JSON.stringify({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    total: r.requests.total + (warm?.requests.total ?? 0),
  })}\n`,
);
