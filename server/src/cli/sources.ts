import { runCli } from './runner.js';
import { sourcesMain } from './sources-commands.js';

// The same commands as `npm run admin -- sources ...`: node --conditions=source --import tsx server/src/cli/sources.ts list
runCli(sourcesMain);
