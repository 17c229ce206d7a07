/** Full-page navigations (to server routes such as /api/login), kept in one place so tests can observe them. */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
