import Router from '@koa/router';
import type Stripe from 'stripe';
import { deleteAccountSchema, type DeleteAccountResponse } from '@dcbrief/shared';
import { parseInput } from '../../http/validate.js';
import { currentUser, requireUser } from '../users/current-user.js';
import { deleteAccount } from './account-deletion.js';

export const ACCOUNT_DELETED_MESSAGE =
  'Your account is deleted: your digests, ratings, preferences and sessions are gone, and nothing more will be charged.';

/** The subscriber's own account: deleting it (docs/decisions/117). */
export function accountRoutes({ stripe }: { stripe: Stripe | null }): Router {
  const router = new Router({ prefix: '/api' });

  /** Signed in, JSON `{"confirm": true}`: cancels billing, deletes the data, ends every session (this one too). */
  router.post('/account/delete', requireUser(), async (ctx) => {
    parseInput(deleteAccountSchema, ctx.request.body ?? {});
    await deleteAccount({ em: ctx.em, stripe }, currentUser(ctx));
    ctx.session = null;
    const body: DeleteAccountResponse = { message: ACCOUNT_DELETED_MESSAGE };
    ctx.body = body;
  });

  return router;
}
