import type { EntityManager } from '@mikro-orm/core';
import type Stripe from 'stripe';
import { cancelBillingForDeletion, deleteStripeCustomer } from '../billing/account-closing.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';

export interface DeletedAccount {
  email: string;
  /** Stripe subscriptions cancelled on the way (ids). */
  cancelledSubscriptions: string[];
  /** The Stripe customer (name, email, saved cards) deleted on the way. */
  deletedStripeCustomer: boolean;
}

/**
 * Deleting an account, the one way for both the subscriber ("Delete account" on the dashboard) and the
 * operator (`npm run admin -- delete-user`), docs/decisions/117: first its Stripe subscriptions are cancelled
 * and its Stripe customer deleted (outside the transaction: Stripe is not our database), then its data goes in
 * one transaction. If Stripe
 * refuses or is unreachable, nothing is deleted and the request can be made again; if the transaction fails
 * after Stripe cancelled, the account stays (now unbilled) and deleting it again finishes the job.
 */
export async function deleteAccount(deps: { em: EntityManager; stripe: Stripe | null }, user: User): Promise<DeletedAccount> {
  const cancelledSubscriptions = await cancelBillingForDeletion(deps.stripe, user);
  const deletedStripeCustomer = await deleteStripeCustomer(deps.stripe, user);
  await new UsersService(deps.em).deleteAccount(user);
  return { email: user.email, cancelledSubscriptions, deletedStripeCustomer };
}
