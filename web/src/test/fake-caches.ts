import { vi } from 'vitest';

/**
 * Cache Storage as the browser keeps it (jsdom has none): caches by name, responses by absolute address.
 * Installed as the global `caches`; `entries()` shows what is stored.
 */
export function fakeCaches(base = 'http://localhost/') {
  const stores = new Map<string, Map<string, Response>>();
  const key = (request: RequestInfo | URL) => new URL(request instanceof Request ? request.url : String(request), base).href;
  const open = async (name: string) => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = new Map()));
    const entries = store;
    return {
      put: async (request: RequestInfo | URL, response: Response) => void entries.set(key(request), response),
      match: async (request: RequestInfo | URL) => entries.get(key(request))?.clone(),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      delete: async (request: RequestInfo | URL) => entries.delete(key(request)),
    };
  };
  const storage = {
    open,
    delete: vi.fn(async (name: string) => stores.delete(name)),
    keys: async () => [...stores.keys()],
    has: async (name: string) => stores.has(name),
  };
  vi.stubGlobal('caches', storage);
  return {
    storage,
    /** name -> stored addresses (paths) */
    entries: () => Object.fromEntries([...stores].map(([name, store]) => [name, [...store.keys()].map((u) => new URL(u).pathname)])),
    text: async (name: string, path: string) => (await (await open(name)).match(path))?.text(),
  };
}
