import { PLANS, type Tier } from '@dcbrief/shared';
import type { MailMessage } from '../../mail/mailer.js';
import { paymentFailedEmail, trialEndingEmail, welcomeEmail } from '../../mail/templates/account-emails.js';
import type { AccountMailRenderer } from '../account-mail/account-mail.queue.js';

export const BILLING_WELCOME_MAIL = 'billing-welcome';
export const BILLING_TRIAL_ENDING_MAIL = 'billing-trial-ending';
export const BILLING_PAYMENT_FAILED_MAIL = 'billing-payment-failed';

/**
 * A billing email owed by a change of a subscriber's billing state, queued in the account emails' outbox in the
 * transaction of that change (decision 534): what it says is fixed when it is owed, not when it is sent.
 */
export type BillingMail =
  | { kind: typeof BILLING_WELCOME_MAIL; to: string; params: { firstName: string; tier: Tier; trialEnds: string | null } }
  | { kind: typeof BILLING_TRIAL_ENDING_MAIL; to: string; params: { tier: Tier; trialEnds: string | null } }
  | { kind: typeof BILLING_PAYMENT_FAILED_MAIL; to: string; params: Record<string, never> };

/**
 * A billing email is still worth sending after a long mail outage (a payment that failed, a trial about to be
 * charged): after the outbox's 1, 5 and 15 minutes it retries hourly for about two days.
 */
export const BILLING_MAIL_MAX_ATTEMPTS = 51;

const dateOrNull = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
const tierOf = (params: Record<string, string | null> | null): Tier => (params?.tier === 'premium' ? 'premium' : 'basic');

/** How the outbox renders each billing kind, with links to this site's dashboard (its address read at sending time). */
export function billingMailRenderers(publicUrl: () => string): Record<BillingMail['kind'], AccountMailRenderer> {
  type Params = Record<string, string | null> | null;
  const render =
    (make: (to: string, params: Params, dashboardUrl: string) => MailMessage): AccountMailRenderer =>
    async (_em, to, row) =>
      make(to, row.params, `${publicUrl()}/dashboard`);
  return {
    [BILLING_WELCOME_MAIL]: render((to, p, dashboard) =>
      welcomeEmail(to, p?.firstName ?? '', PLANS[tierOf(p)].name, dashboard, dateOrNull(p?.trialEnds)),
    ),
    [BILLING_TRIAL_ENDING_MAIL]: render((to, p, dashboard) =>
      trialEndingEmail(to, PLANS[tierOf(p)].name, dateOrNull(p?.trialEnds), dashboard),
    ),
    [BILLING_PAYMENT_FAILED_MAIL]: render((to, _p, dashboard) => paymentFailedEmail(to, dashboard)),
  };
}
