/**
 * Items gathered into batches of about `size` (by each item's weight) and handed to `write` one batch at a time, in
 * the order they came, while more are gathered. `room()` holds a producer back while a full batch waits behind the
 * one being written, so what is held stays bounded: the batch being written, the one gathering, and what producers
 * already had in hand. After a write fails nothing more is written: `room()` answers false and `finish()` throws.
 */
export class Batches<T> {
  private waiting: T[] = [];
  private weight = 0;
  /** The batches being written (never rejects: a failure is kept in `failure`). */
  private running: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;
  /** Producers waiting in `room()`, woken when the waiting batch is taken or a write fails. */
  private waiters: Array<() => void> = [];

  constructor(
    private readonly size: number,
    private readonly weigh: (item: T) => number,
    private readonly write: (batch: T[]) => Promise<void>,
  ) {}

  /** Resolves when a producer may take on more (true), or with false once a write has failed. */
  async room(): Promise<boolean> {
    while (!this.failure && this.weight >= this.size && this.running) await new Promise<void>((wake) => this.waiters.push(wake));
    return !this.failure;
  }

  add(item: T): void {
    if (this.failure) return;
    this.waiting.push(item);
    this.weight += this.weigh(item);
    if (this.weight >= this.size) this.drain(false);
  }

  /** Writes what is left once every producer is done; throws the first write's failure, if any. */
  async finish(): Promise<void> {
    while (this.running) await this.running;
    if (!this.failure && this.waiting.length) {
      this.drain(true);
      await this.running;
    }
    if (this.failure) throw this.failure.error;
  }

  private drain(all: boolean): void {
    if (this.running) return;
    this.running = (async () => {
      try {
        while (!this.failure && this.waiting.length && (all || this.weight >= this.size)) {
          const batch = this.waiting;
          this.waiting = [];
          this.weight = 0;
          this.wake();
          await this.write(batch);
        }
      } catch (error) {
        this.failure = { error };
        this.waiting = [];
        this.weight = 0;
      } finally {
        this.running = null;
        this.wake();
      }
    })();
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
