/** Stripe's words ('past_due') read as words ('Past due'). */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Inactive';
}
