/** Pages the server renders: the browser navigates to them (through apiUrl), the app never fetches them. */
export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';
