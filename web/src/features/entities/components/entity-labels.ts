import type { CapacityStage, EntityEventKind, EntityFact, EntityKind, EntityStatus } from '@dcbrief/shared';

export const KIND_LABELS: Record<EntityKind, string> = { company: 'Company', site: 'Site', place: 'Place' };

export const STATUS_LABELS: Record<EntityStatus, string> = {
  disclosed: 'Disclosed',
  zoning: 'Zoning',
  'land-acquired': 'Land acquired',
  permitting: 'Permitting',
  permitted: 'Permitted',
  construction: 'Under construction',
  operational: 'Operational',
  paused: 'Paused',
  cancelled: 'Cancelled',
  outage: 'Outage',
  sale: 'Sale',
  financing: 'Financing',
};

export const STAGE_LABELS: Record<CapacityStage, string> = { announced: 'Announced', construction: 'Under construction', live: 'Live' };

const EVENT_LABELS: Record<EntityEventKind, string> = {
  hearing: 'Hearing',
  vote: 'Vote',
  commissioning: 'Commissioning',
  opening: 'Opening',
  deadline: 'Deadline',
  other: 'Planned step',
};

export const FACT_TYPE_LABELS: Record<EntityFact['type'], string> = {
  status: 'Status',
  capacity: 'Capacity',
  investment: 'Investment',
  'event-date': 'Date ahead',
};

const places = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatMw(mw: number): string {
  return `${places.format(mw)} MW`;
}

/** "€2.5B"; an unknown currency code as "XYZ 1M". */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
      minimumFractionDigits: 0,
    }).format(amount);
  } catch {
    return `${currency} ${places.format(amount)}`;
  }
}

/** What a fact says, in a few words: "Permitted", "300 MW under construction", "€2.5B (≈ $2.7B)", "Commissioning: March 2027". */
export function factHeadline(fact: EntityFact): string {
  switch (fact.type) {
    case 'status':
      return fact.status ? STATUS_LABELS[fact.status] : 'Status';
    case 'capacity':
      return fact.mw === null ? 'Capacity' : `${formatMw(fact.mw)}${fact.stage ? ` ${STAGE_LABELS[fact.stage].toLowerCase()}` : ''}`;
    case 'investment':
      return fact.amount === null || !fact.currency ? 'Investment' : `${formatMoney(fact.amount, fact.currency)}${usdNote(fact)}`;
    case 'event-date':
      return `${fact.what ? EVENT_LABELS[fact.what] : 'Event'}${fact.eventDate ? `: ${formatEventDate(fact.eventDate)}` : ''}`;
  }
}

/** " (≈ $2.7B)" beside an amount in another currency; nothing for dollars or without a rate. */
export function usdNote(fact: Pick<EntityFact, 'currency' | 'usd'>): string {
  return fact.usd !== null && fact.currency !== 'USD' ? ` (≈ ${formatMoney(fact.usd, 'USD')})` : '';
}

/** `2027-03-12` -> "Mar 12, 2027", `2027-03` -> "March 2027", `2027` as is. */
export function formatEventDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y) return date;
  if (m && d)
    return new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
  if (m) return new Date(Date.UTC(y, m - 1, 15)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return String(y);
}

/** "ES" -> "Spain"; unknown codes stay as they are. */
const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
export function countryName(code: string): string {
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
