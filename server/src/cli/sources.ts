import { runCli } from './runner.js';
import { sourcesMain } from './sources-commands.js';

// The same commands as `npm run admin -- sources ...`: `npm run sources -- list`
runCli(sourcesMain);
