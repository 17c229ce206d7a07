import { EntitySchema } from '@mikro-orm/core';

/** A Stripe event we have processed: its row and its effect are written in one transaction, so each event counts once. */
export class StripeEvent {
  id!: string;
  type!: string;
  /** Stripe's own event time. */
  createdAt!: Date;
  processedAt: Date = new Date();
}

export const StripeEventSchema = new EntitySchema<StripeEvent>({
  class: StripeEvent,
  tableName: 'stripe_events',
  properties: {
    id: { type: 'string', length: 255, primary: true },
    type: { type: 'string', length: 100 },
    createdAt: { type: 'datetime' },
    processedAt: { type: 'datetime' },
  },
});
