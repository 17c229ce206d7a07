import { emailSchema } from '@dcbrief/shared';
import { invitationEmail } from '../mail/templates/account-emails.js';
import { HttpError } from '../http/errors.js';
import { deleteAccount } from '../modules/account/account-deletion.js';
import { createStripeClient } from '../modules/billing/stripe-client.js';
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

/**
 * Deletes an account (a person's request to be forgotten), the same way as the dashboard's "Delete account"
 * (docs/decisions/117): its Stripe subscriptions are cancelled first, then its data goes in one transaction. The
 * address's trial claim (a hash) stays, so signing up again starts no second free trial (docs/decisions/008).
 */
export async function deleteUser(cli: CliContext, rawEmail: string | undefined): Promise<string> {
  const parsed = emailSchema.safeParse(rawEmail ?? '');
  if (!parsed.success) throw new CliError('Usage: npm run admin -- delete-user <email>');
  const em = cli.orm.em.fork();
  const user = await new UsersService(em).findByEmail(parsed.data);
  if (!user) throw new CliError(`No account for ${parsed.data}.`);
  let deleted;
  try {
    deleted = await deleteAccount({ em, stripe: createStripeClient(cli.config.stripe) }, user);
  } catch (err) {
    if (err instanceof HttpError && err.status === 503)
      throw new CliError(
        `${user.email} has a ${user.subscriptionStatus} subscription (${user.stripeSubscriptionId}) and this server has no Stripe key to cancel it. Cancel it in Stripe first, then delete the account.`,
      );
    throw err;
  }
  const cancelled = deleted.cancelledSubscriptions.length ? ` Cancelled in Stripe: ${deleted.cancelledSubscriptions.join(', ')}.` : '';
  const customer = deleted.deletedStripeCustomer ? ' Its Stripe customer was deleted.' : '';
  return `Deleted ${user.email} with its digests and feedback.${cancelled}${customer} The address will get no second free trial.`;
}
