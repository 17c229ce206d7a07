import { emailSchema } from '@dcbrief/shared';
import { invitationEmail } from '../mail/templates/account-emails.js';
import { UsersService } from '../modules/users/users.service.js';
import { WaitlistService } from '../modules/waitlist/waitlist.service.js';
import { CliError } from './cli-error.js';
import type { CliContext } from './context.js';
import { formatTable } from './table.js';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

export async function listWaitlist(cli: CliContext): Promise<string> {
  const entries = await new WaitlistService(cli.orm.em.fork(), cli.clock).list();
  if (!entries.length) return 'The waitlist is empty.';
  const rows = entries.map((e) => ({
    email: e.email,
    name: `${e.firstName} ${e.lastName}`,
    phone: e.phoneNumber,
    joined: day(e.createdAt),
    invited: day(e.invitedAt),
  }));
  const invited = entries.filter((e) => e.invitedAt).length;
  return `${formatTable(rows, ['email', 'name', 'phone', 'joined', 'invited'])}\n\n${entries.length} on the waitlist, ${invited} invited.`;
}

/** Marks a waitlist entry invited (SIGNUP_MODE=invite lets it sign in) and emails the invitation. */
export async function invite(cli: CliContext, rawEmail: string | undefined): Promise<string> {
  const parsed = emailSchema.safeParse(rawEmail ?? '');
  if (!parsed.success) throw new CliError('Usage: npm run admin -- invite <email>');
  const em = cli.orm.em.fork();
  const waitlist = new WaitlistService(em, cli.clock);
  const entry = await waitlist.findByEmail(parsed.data);
  if (!entry) throw new CliError(`${parsed.data} is not on the waitlist. Only waitlist entries can be invited.`);
  const already = !!entry.invitedAt;
  await waitlist.markInvited(entry);
  await cli.mailer.send(
    invitationEmail(entry.email, entry.firstName, `${cli.config.publicUrl}/api/login?email=${encodeURIComponent(entry.email)}`),
  );
  return already
    ? `${entry.email} was already invited; the invitation was sent again.`
    : `Invited ${entry.email} and sent the invitation email.`;
}

export async function listUsers(cli: CliContext): Promise<string> {
  const users = await new UsersService(cli.orm.em.fork()).list();
  if (!users.length) return 'No users yet.';
  const rows = users.map((u) => ({
    email: u.email,
    name: `${u.firstName} ${u.lastName}`.trim(),
    tier: u.subscriptionTier ?? 'free',
    status: u.subscriptionStatus,
    timezone: u.timezone,
    delivery: u.preferences.deliveryTime,
    since: day(u.createdAt),
  }));
  return `${formatTable(rows, ['email', 'name', 'tier', 'status', 'timezone', 'delivery', 'since'])}\n\n${users.length} user${users.length === 1 ? '' : 's'}.`;
}
