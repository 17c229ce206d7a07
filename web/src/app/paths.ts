/** The one route map: the router and every link use it. */
export const paths = {
  home: '/',
  subscribe: '/subscribe',
  dashboard: '/dashboard',
  digests: '/digests',
  digest: '/digests/:id',
  audio: '/audio',
} as const;

export function digestPath(id: string): string {
  return `/digests/${encodeURIComponent(id)}`;
}
