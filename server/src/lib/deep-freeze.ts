/**
 * Freezes a value and everything it holds, for reads shared between requests (the session reader's kept rows,
 * the session cache's entries): a request that tried to change one would throw instead of changing it for the
 * others. A Date's time cannot be frozen; nothing here sets one.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Date) && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
