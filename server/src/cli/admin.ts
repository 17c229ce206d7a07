import { ConfigError } from '../config.js';
import { CliError, invite, listUsers, listWaitlist } from './admin-commands.js';
import { openCli } from './context.js';
import { sourcesCli } from './sources.js';
import { CatalogError } from '../engine/sources/catalog.js';
import { SourceError } from '../engine/sources/sources.service.js';

const HELP = `DC Brief operator commands

  npm run admin -- waitlist          list the waitlist
  npm run admin -- invite <email>    invite a waitlist entry (lets it sign in when SIGNUP_MODE=invite) and email it
  npm run admin -- users             list users with their plan and delivery settings
  npm run admin -- sources ...       the news sources: list, show, sync, add, enable, disable, import-opml, export-opml
                                     (npm run admin -- sources help)

The commands use the same environment as the server (DATA_DIR, DATABASE_URL, SMTP_URL, ...).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(HELP);
    return command ? 0 : 1;
  }
  if (command === 'sources') return sourcesCli(args);
  const commands: Record<string, (cli: Awaited<ReturnType<typeof openCli>>) => Promise<string>> = {
    waitlist: listWaitlist,
    invite: (cli) => invite(cli, args[0]),
    users: listUsers,
  };
  const run = commands[command];
  if (!run) {
    console.error(`Unknown command "${command}".\n\n${HELP}`);
    return 1;
  }
  const cli = await openCli();
  try {
    console.log(await run(cli));
    return 0;
  } finally {
    await cli.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err) => {
    const known = err instanceof CliError || err instanceof ConfigError || err instanceof SourceError || err instanceof CatalogError;
    console.error(known ? err.message : err);
    process.exit(1);
  });
