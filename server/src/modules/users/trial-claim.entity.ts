import { EntitySchema } from '@mikro-orm/core';

/**
 * One row per email address that has had its free trial, kept when the account is deleted, so a trial is
 * given once per address (docs/decisions/008). Only a hash of the normalised address is stored.
 */
export class TrialClaim {
  emailHash!: string;
  claimedAt!: Date;
}

export const TrialClaimSchema = new EntitySchema<TrialClaim>({
  class: TrialClaim,
  tableName: 'trial_claims',
  properties: {
    emailHash: { type: 'string', length: 64, primary: true },
    claimedAt: { type: 'datetime' },
  },
});
