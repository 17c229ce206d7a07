import { entitiesMain } from './entities-commands.js';
import { runCli } from './runner.js';

// `npm run entities -- list --candidates`
runCli(entitiesMain);
