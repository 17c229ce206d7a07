// A node:test reporter that writes one line per failed test (its file, its name, the first line of its error),
// beside the spec reporter: scripts/run-tests.mjs repeats those lines at the end of its run, so the tail of a
// long log (CI's, test:dates') says which test failed.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export default async function* failures(source) {
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    const { name, file, details } = event.data;
    // A suite fails with its tests: its own line would only repeat theirs, unless a hook of its failed.
    const error = details?.error;
    if (details?.type === 'suite' && error?.failureType === 'subtestsFailed') continue;
    const cause = error?.cause ?? error;
    const message = String(cause?.message ?? cause ?? '')
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 240);
    yield `${file ? path.relative(root, file) : '?'} > ${name}${message ? `: ${message}` : ''}\n`;
  }
}
