// A node:test reporter that writes one line per failed test (its file, its name, the first line of its error),
// beside the spec reporter: scripts/run-tests.mjs repeats those lines at the end of its run, so the tail of a
// long log (CI's, test:dates') says which test failed. When a whole file fails without a failed test of its own
// (its process exited, or threw outside any test), the last lines that file wrote to stderr and stdout follow, indented:
// a crash far up a long log is otherwise lost.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const KEPT_LINES = 25;
/** Opens the line of a file that ended badly (scripts/run-tests.mjs runs such a file once more, alone). */
export const FILE_ENDED_BADLY = 'file ended badly: ';

export default async function* failures(source) {
  /** The last lines each file's process wrote, by file. */
  const output = new Map();
  const keep = (file, message) => {
    const lines = output.get(file) ?? [];
    lines.push(
      ...String(message)
        .split('\n')
        .filter((l) => l.trim()),
    );
    output.set(file, lines.slice(-KEPT_LINES));
  };
  for await (const event of source) {
    if ((event.type === 'test:stderr' || event.type === 'test:stdout') && event.data.file) {
      keep(event.data.file, event.data.message);
      continue;
    }
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
    // A file whose process ended badly says how (its exit code, or the signal that stopped it).
    const ending = [error?.exitCode ? `exit code ${error.exitCode}` : '', error?.signal ? `signal ${error.signal}` : '']
      .filter(Boolean)
      .join(', ');
    // The file's own test (named by its path) fails on its own when its process did not end well: no test of it
    // failed, but the file did not report to its end. Its line starts with the marker run-tests.mjs reads.
    const ended = Boolean(file && name === file);
    const line = `${file ? path.relative(root, file) : '?'} > ${name}${message ? `: ${message}` : ''}${ending ? ` (${ending})` : ''}`;
    yield `${ended ? FILE_ENDED_BADLY : ''}${line}\n`;
    if (ended && output.has(file)) for (const kept of output.get(file)) yield `    | ${kept.slice(0, 400)}\n`;
  }
}
