/** The landing route's initial JavaScript after a production build (the budget of the web issue). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export async function benchWeb(): Promise<Array<Record<string, string>>> {
  // Deadlines, so a hung build fails the benchmark: a build takes about a minute, the report a second.
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'ignore', timeout: 10 * 60_000 });
  const out = execFileSync(process.execPath, ['web/scripts/size-report.mjs', '--json'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  const size = JSON.parse(out.trim().split('\n').at(-1)!) as {
    landingInitialJsGzipBytes: number;
    landingInitialJsRawBytes: number;
    waitlistDialogGzipBytes: number;
    budgetGzipBytes: number;
    withinBudget: boolean;
  };
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  return [
    {
      measure: 'landing route initial JS',
      gzipped: kb(size.landingInitialJsGzipBytes),
      raw: kb(size.landingInitialJsRawBytes),
      budget: `${kb(size.budgetGzipBytes)} gzipped`,
      result: size.withinBudget ? 'within budget' : 'OVER BUDGET',
    },
    {
      measure: 'waitlist dialog (fetched when idle)',
      gzipped: kb(size.waitlistDialogGzipBytes),
      raw: '',
      budget: '',
      result: `${kb(size.landingInitialJsGzipBytes + size.waitlistDialogGzipBytes)} with the landing JS`,
    },
  ];
}
