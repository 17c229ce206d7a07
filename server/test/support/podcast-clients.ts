import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A podcast app's update or download of one short episode from loopback takes seconds; two minutes means stuck. */
const CLIENT_TIMEOUT_MS = 120_000;

function found(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

/**
 * The Python that has Debian's python3-feedparser: the system's, which a Python of the user's own
 * (pyenv, a virtualenv) first in PATH would hide.
 */
export function feedparserPython(): string | null {
  return ['/usr/bin/python3', 'python3'].find((python) => found(python, ['-c', 'import feedparser'])) ?? null;
}

/** For `describe(name, { skip: ... })`: false, or why a podcast client's test cannot run here. */
export function skipWithoutFeedparser(): false | string {
  return feedparserPython() ? false : 'feedparser is not installed: apt-get install python3-feedparser';
}

export function skipWithoutGpodder(): false | string {
  return found('sh', ['-c', 'command -v gpo']) ? false : "gPodder's command line (gpo) is not installed: apt-get install gpodder";
}

export interface FeedparserView {
  status: number | null;
  bozo: boolean;
  bozoException: string;
  version: string;
  title: string | null;
  entries: {
    id: string | null;
    title: string | null;
    duration: string | null;
    enclosures: { href: string; length: string; type: string }[];
  }[];
}

/** What feedparser (urllib fetching the URL, its own parser) makes of a feed: the fields a podcast app uses. */
export async function readWithFeedparser(url: string): Promise<FeedparserView> {
  const script = `
import json, sys, feedparser
d = feedparser.parse(sys.argv[1])
print(json.dumps({
  'status': d.get('status'), 'bozo': bool(d.bozo), 'bozoException': str(d.get('bozo_exception', '')),
  'version': d.version, 'title': d.feed.get('title'),
  'entries': [{
    'id': e.get('id'), 'title': e.get('title'), 'duration': e.get('itunes_duration'),
    'enclosures': [{'href': x.get('href'), 'length': x.get('length'), 'type': x.get('type')} for x in e.get('enclosures', [])],
  } for e in d.entries],
}))
`;
  const { stdout } = await run(feedparserPython() ?? 'python3', ['-c', script, url], { timeout: CLIENT_TIMEOUT_MS, killSignal: 'SIGKILL' });
  return JSON.parse(stdout) as FeedparserView;
}

export interface GpodderRun {
  /** What `gpo` printed, command by command, for the failure message. */
  transcript: string;
  /** Every file gPodder left in its download folder, with its size. */
  downloads: { file: string; bytes: number }[];
}

/**
 * gPodder's command line as a listener uses it: `gpo subscribe URL`, `gpo update`, `gpo download`. Everything
 * it writes (settings, database, downloads) stays in `home`, a throwaway folder: HOME, GPODDER_HOME and
 * GPODDER_DOWNLOAD_DIR all point there.
 */
export async function subscribeAndDownloadWithGpodder(feedUrl: string, home: string): Promise<GpodderRun> {
  const downloadDir = path.join(home, 'downloads');
  const env = {
    ...process.env,
    HOME: home,
    GPODDER_HOME: path.join(home, 'gpodder'),
    GPODDER_DOWNLOAD_DIR: downloadDir,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
  };
  let transcript = '';
  for (const args of [['subscribe', feedUrl], ['update'], ['download']]) {
    const { stdout, stderr } = await run('gpo', args, { env, cwd: home, timeout: CLIENT_TIMEOUT_MS, killSignal: 'SIGKILL' });
    transcript += `$ gpo ${args.join(' ')}\n${stdout}${stderr}`;
  }
  return { transcript, downloads: filesUnder(downloadDir) };
}

function filesUnder(dir: string): { file: string; bytes: number }[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries
    .map((entry) => ({ file: entry, stats: statSync(path.join(dir, entry)) }))
    .filter(({ stats }) => stats.isFile())
    .map(({ file, stats }) => ({ file, bytes: stats.size }));
}
