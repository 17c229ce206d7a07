import type { AccountMailQueue } from '../modules/account-mail/account-mail.queue.js';
import type { PeriodicJobs } from './periodic-jobs.js';

/** How often each server looks for account emails that are due (retries, and what a stopped server left). */
export const ACCOUNT_MAIL_INTERVAL_SEC = 60;

/**
 * Account emails (sign-in links, waitlist and billing emails, decision 503) on every server, at boot and every
 * minute: their claims are conditional, so servers share them. A request's own email does not wait for this:
 * the request kicks it right after its answer.
 */
export function scheduleAccountMail(jobs: PeriodicJobs, accountMail: AccountMailQueue): Promise<void> {
  return jobs.every('account-mail', {
    scope: 'every-server',
    intervalSec: ACCOUNT_MAIL_INTERVAL_SEC,
    timeoutSec: 5 * 60,
    run: async (stopping) => void (await accountMail.sendDue(stopping)),
  });
}
