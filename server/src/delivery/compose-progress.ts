/**
 * Composing's progress, for a send that runs alongside it: sending finds nothing due between two composed
 * batches and waits for the next one, and ends only once composing has.
 */
export class ComposeProgress {
  batches = 0;
  private done = false;
  private waiters: Array<() => void> = [];

  batch(): void {
    this.batches++;
    this.wake();
  }

  finish(): void {
    this.done = true;
    this.wake();
  }

  /** True once a batch was composed after the count `seen`; false when composing ended without one. */
  async more(seen: number): Promise<boolean> {
    while (this.batches === seen && !this.done) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.batches !== seen;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
