/** Dates as a reader in this browser expects them, e.g. "Tuesday, November 24, 2026". */
export function formatLongDate(isoDate: string): string {
  // A bare YYYY-MM-DD is a calendar date, not an instant: read it at local noon so no time zone moves it a day.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? new Date(`${isoDate}T12:00:00`) : new Date(isoDate);
  return date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
}

export function formatShortDate(isoDate: string): string {
  return new Date(isoDate).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A day named briefly, as order summaries and billing lines write it: "Dec 7". */
export function formatDay(isoDate: string): string {
  return new Date(isoDate).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}
