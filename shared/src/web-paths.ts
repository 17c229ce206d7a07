/**
 * The web app's pages: the router and every link use this map, and the server answers any other path with
 * the app's 404 screen and HTTP 404.
 */
export const WEB_PATHS = {
  home: '/',
  subscribe: '/subscribe',
  dashboard: '/dashboard',
  digests: '/digests',
  digest: '/digests/:id',
  audio: '/audio',
  /** One episode in the Audio Library, ready to play: the premium email's "Listen (N min)" opens it. */
  episode: '/audio/:id',
  /** Search entities by name and the week's most active (issue 26). */
  entities: '/entities',
  /** One company, site or place: its status, capacity, money, timeline and stories. */
  entity: '/entities/:id',
} as const;

/**
 * The Audio Library that starts the newest ready episode at once: the desktop tray's "Listen" opens it (a player
 * that may start without a click, as Electron's is; a browser that refuses shows the episode with its Play).
 */
export const LISTEN_LATEST_PATH = `${WEB_PATHS.audio}?play=latest`;

/** One digest in the web app (WEB_PATHS.digest): links, the desktop's notifications, the emails. */
export function digestPath(id: string): string {
  return `${WEB_PATHS.digests}/${encodeURIComponent(id)}`;
}

/** One episode in the Audio Library (WEB_PATHS.episode): the premium email's "Listen (N min)". */
export function episodePath(digestId: string): string {
  return `${WEB_PATHS.audio}/${encodeURIComponent(digestId)}`;
}

/** One entity's page (WEB_PATHS.entity): story entity links in the web reader and the emails' "Follow" links. */
export function entityPath(id: string): string {
  return `${WEB_PATHS.entities}/${encodeURIComponent(id)}`;
}

const PATTERNS = Object.values(WEB_PATHS).map((p) => new RegExp(`^${p.replace(/:[a-z]+/gi, '[^/]+')}/?$`));

/** Whether a URL path (no query) is one of the web app's pages. */
export function isWebAppPath(urlPath: string): boolean {
  return PATTERNS.some((re) => re.test(urlPath));
}
