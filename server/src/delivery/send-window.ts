import type { ComposeProgress } from './compose-progress.js';

/** The database and mail work a window drives; send.ts hands over the real ones. */
export interface WindowSteps<Row extends { id: string }, Outcome> {
  /** Due rows not yet claimed, read with what sending them needs; none of `exclude`, at most `limit`. */
  readAhead(exclude: string[], limit: number): Promise<Row[]>;
  /**
   * Writes `outcomes`, which frees their slots, and claims `candidates` (pending -> sending) in their place.
   * Returns the candidates claimed: another process may have taken some first.
   */
  turnover(outcomes: Outcome[], candidates: Row[]): Promise<Row[]>;
  /** Sends one claimed row; a failed send is an outcome, not an error. */
  send(row: Row): Promise<Outcome>;
}

export interface WindowOptions {
  /** Rows claimed and not yet recorded, at most: DELIVERY_CONCURRENCY. */
  size: number;
  shouldStop?: () => boolean;
  /** Composing alongside: rows keep coming until it ends. */
  composing?: ComposeProgress;
  /** After each write, with the number of outcomes it recorded. */
  onRecorded?: (n: number) => void;
}

/**
 * A pass's sending window (docs/decisions/310): at most `size` rows are claimed and not yet recorded at any
 * time, so a process killed mid-send leaves at most that many uncertain. To keep the window full anyway, only
 * the claim and the record happen inside it: due rows are read ahead in the background (with their subscriber
 * and email, unclaimed, so a crash leaves them pending), and each turnover writes the outcomes that came in
 * while the previous one ran and claims as many read-ahead rows as that frees, in as few statements as it
 * can: each database round trip holds every slot waiting on it.
 */
export class SendWindow<Row extends { id: string }, Outcome> {
  private ahead: Row[] = [];
  /** Claimed rows whose outcome is not written yet: sending, or finished and waiting for the next turnover. */
  private held = 0;
  private finished: Outcome[] = [];
  private readonly sending = new Set<Promise<void>>();
  private refilling: Promise<void> | null = null;
  /** Composed batches counted when a read-ahead last found nothing due: only a later batch can bring more. */
  private emptyAt: number | null = null;
  private failure: { error: unknown } | null = null;
  private waiter: (() => void) | null = null;
  private woken = false;

  constructor(
    private readonly steps: WindowSteps<Row, Outcome>,
    private readonly options: WindowOptions,
  ) {}

  /** Sends until nothing is due and composing (if any) has ended, or until stopped; then records what is under way. */
  async run(): Promise<void> {
    try {
      await this.drive();
    } finally {
      await Promise.allSettled([...this.sending, this.refilling]);
    }
    if (this.failure) throw this.failure.error;
  }

  private async drive(): Promise<void> {
    for (;;) {
      const candidates = this.stopping() ? [] : this.ahead.splice(0, this.options.size - this.held + this.finished.length);
      if (this.finished.length || candidates.length) {
        await this.turnover(candidates);
        continue;
      }
      if (!this.stopping()) this.refill();
      if (this.held || this.refilling) await this.event();
      else if (this.stopping() || !(await this.moreComposed())) return;
    }
  }

  private stopping(): boolean {
    return !!this.failure || !!this.options.shouldStop?.();
  }

  private async turnover(candidates: Row[]): Promise<void> {
    const outcomes = this.finished.splice(0);
    const claimed = await this.steps.turnover(outcomes, candidates);
    this.held += claimed.length - outcomes.length;
    for (const row of claimed) this.start(row);
    if (outcomes.length) this.options.onRecorded?.(outcomes.length);
  }

  private start(row: Row): void {
    const sent = this.steps.send(row).then(
      (outcome) => void this.finished.push(outcome),
      (error: unknown) => {
        // No outcome to write: the row stays `sending` and becomes uncertain, as after a crash.
        this.held--;
        this.failure ??= { error };
      },
    );
    const tracked: Promise<void> = sent.finally(() => {
      this.sending.delete(tracked);
      this.wake();
    });
    this.sending.add(tracked);
  }

  /**
   * Reads ahead in the background while fewer rows wait than two windows, unless nothing new can be due. A read
   * takes eight windows: each walks the due rows from the first (those already read are skipped, and rows not
   * composed yet lie between them), so fewer, larger reads cost less.
   */
  private refill(): void {
    if (this.refilling || this.ahead.length >= 2 * this.options.size) return;
    const composed = this.options.composing?.batches ?? 0;
    if (this.emptyAt === composed) return;
    const exclude = this.ahead.map((r) => r.id);
    this.refilling = this.steps
      .readAhead(exclude, 8 * this.options.size)
      .then(
        (rows) => {
          if (!rows.length) this.emptyAt = composed;
          this.ahead.push(...rows);
        },
        (error: unknown) => void (this.failure ??= { error }),
      )
      .finally(() => {
        this.refilling = null;
        this.wake();
      });
  }

  private async moreComposed(): Promise<boolean> {
    return !!this.options.composing && (await this.options.composing.more(this.emptyAt ?? 0));
  }

  private event(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => (this.waiter = resolve));
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) waiter();
    else this.woken = true;
  }
}
