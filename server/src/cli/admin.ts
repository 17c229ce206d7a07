import { deleteUser, invite, listUsers, listWaitlist } from './admin-commands.js';
import type { CliContext } from './context.js';
import { runCli, runSubcommand, type Subcommand } from './runner.js';
import { sourcesMain } from './sources-commands.js';

const HELP = `DC Brief operator commands

  npm run admin -- waitlist          list the waitlist
  npm run admin -- invite <email>    invite a waitlist entry (lets it sign in when SIGNUP_MODE=invite) and email it
  npm run admin -- users             list users with their plan and delivery settings
  npm run admin -- delete-user <email>  delete an account with its digests and feedback, cancelling its Stripe
                                     subscription first; its address gets no second free trial
  npm run admin -- sources ...       the news sources: list, show, sync, add, enable, disable, import-opml, export-opml
                                     (npm run admin -- sources help)

The commands use the same environment as the server (DATA_DIR, DATABASE_URL, SMTP_URL, ...).`;

const COMMANDS: Record<string, Subcommand<CliContext>> = {
  waitlist: listWaitlist,
  invite: (cli, args) => invite(cli, args[0]),
  users: listUsers,
  'delete-user': (cli, args) => deleteUser(cli, args[0]),
};

runCli((argv, open) => (argv[0] === 'sources' ? sourcesMain(argv.slice(1), open) : runSubcommand(argv, HELP, COMMANDS, open)));
