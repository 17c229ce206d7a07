import { ConfigError } from '../config.js';
import { CatalogError } from '../engine/sources/catalog.js';
import { runSourcesCommand, SOURCES_HELP } from '../engine/sources/sources.commands.js';
import { SourceError } from '../engine/sources/sources.service.js';
import { openCli } from './context.js';

/** `npm run admin -- sources ...` (or directly: node --conditions=source --import tsx server/src/cli/sources.ts list). */
export async function sourcesCli(args: string[]): Promise<number> {
  if (!args[0] || args[0] === 'help' || args[0] === '--help') {
    console.log(SOURCES_HELP);
    return args[0] ? 0 : 1;
  }
  const cli = await openCli();
  try {
    console.log(await runSourcesCommand(cli.orm.em.fork(), cli.clock, args));
    return 0;
  } finally {
    await cli.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  sourcesCli(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((err) => {
      console.error(err instanceof SourceError || err instanceof CatalogError || err instanceof ConfigError ? err.message : err);
      process.exit(1);
    });
}
