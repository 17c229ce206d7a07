// npm test needs Debian's Chromium for the browser tests. Installs it when it can (root with apt),
// otherwise stops with one line that says how.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = () => candidates.find((p) => existsSync(p));
const APT_TIMEOUT_MS = 10 * 60_000; // a slow mirror, not forever

if (!found()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      'Chromium not found: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then run npm test again.',
    );
    process.exit(1);
  }
  console.log("Chromium not found: installing Debian's chromium with apt-get...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env, timeout: APT_TIMEOUT_MS });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'], {
    stdio: 'inherit',
    env,
    timeout: APT_TIMEOUT_MS,
  });
  if (!found()) {
    console.error('Chromium is still missing after apt-get install; install it by hand: apt-get install -y chromium');
    process.exit(1);
  }
}
console.log(`Chromium: ${found()}`);
