/** The one route map: the router and every link use it. */
export const paths = {
  home: '/',
  subscribe: '/subscribe',
  dashboard: '/dashboard',
} as const;
