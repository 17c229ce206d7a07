import { WEB_PATHS } from '@dcbrief/shared';

/** The one route map (shared with the server, which answers other paths with HTTP 404): the router and every link use it. */
export const paths = WEB_PATHS;
