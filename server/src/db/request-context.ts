import type { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, RequestContext } from '@mikro-orm/core';

/** The request's forks by ORM name, each made when first asked for. */
class LazyForks extends Map<string, EntityManager> {
  private forking = false;

  constructor(private readonly root: EntityManager) {
    super();
  }

  override get(name: string): EntityManager | undefined {
    let em = super.get(name);
    // Forking asks the context for the current em: while it runs, there is none yet (as in RequestContext.create).
    if (!em && name === this.root.name && !this.forking) {
      this.forking = true;
      try {
        super.set(name, (em = this.root.fork({ useContext: true })));
      } finally {
        this.forking = false;
      }
    }
    return em;
  }
}

// MikroORM keeps the request contexts in this store (RequestContext.create runs `next` in it; pinned version).
const storage = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;

/**
 * `RequestContext.create(em, next)` with the request's fork of `em` made on first use, not up front: a request
 * that never touches the ORM (the signed-in GET /api/auth/user answers from the session's row) pays no fork
 * (docs/decisions/523). Everything that reaches the ORM through the request context (`orm.em`, ctx.em)
 * gets the same one fork per request as before.
 */
export function runInRequestContext<T>(em: EntityManager, next: () => T): T {
  if (!storage) return RequestContext.create(em, next) as T;
  return storage.run(new RequestContext(new LazyForks(em)), next);
}
