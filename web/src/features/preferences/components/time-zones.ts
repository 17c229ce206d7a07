/** Every IANA zone this browser knows, with the ones in use first so they are always selectable. */
export function timeZoneOptions(...mustInclude: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...mustInclude.filter(Boolean), ...known])].sort((a, b) => a.localeCompare(b));
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
