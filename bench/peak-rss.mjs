// Preloaded (`node --import`) into the ingest CLI by the engine benchmark: on exit, writes the process's peak
// resident set size to stderr as `@peak-rss <bytes>`, and the CPU time it used as `@cpu-ms <ms>` (on a machine
// shared with other work, CPU time compares two runs better than wall-clock time). VmHWM is this process's own high-water mark; getrusage's
// maxRSS would also count the pages of the benchmark process it was forked from.
import { readFileSync, writeSync } from 'node:fs';

process.on('exit', () => {
  let bytes = process.resourceUsage().maxRSS * 1024;
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) bytes = Number(hwm[1]) * 1024;
  } catch {
    // Not Linux: maxRSS it is.
  }
  const cpu = process.cpuUsage();
  writeSync(2, `\n@peak-rss ${bytes}\n@cpu-ms ${Math.round((cpu.user + cpu.system) / 1000)}\n`);
});
