// A copy of a collection the Manager holds, kept current from one of its hubs (decision 072).
// It subscribes first and reads everything second: pushes that come while the read runs are kept
// and applied after it, in order. Each push carries its item whole, as the Manager had it when it
// sent it, so the copy ends at least as new as the read, whichever came first. Only then is the
// copy live. A dropped connection, a reconnect or a push it cannot apply makes it read everything
// again, and until that read is in, it is not live: whoever asks reads the Manager themselves, so
// the copy is never older than the live updates a browser gets from the same hub.
// It ends when the session it borrows ends, when nobody has read it for a while, when the hub
// gives up, or when a full read fails; whoever asks next starts another.
import type { VenueCopyState } from "~/observability.server";

/** What a copy holds: replaced by a full read, changed by each push. */
export interface CopyContents<Snapshot> {
  replace(snapshot: Snapshot): void;
  /** False when the push cannot be applied (an unknown shape): the copy then reads everything again. */
  apply(target: string, args: unknown[]): boolean;
}

/** What the hub tells the copy (app/venue-copies/hub-subscription.server.ts). */
export interface CopyEvents {
  message(target: string, args: unknown[]): void;
  connected(): void;
  interrupted(): void;
  closed(error?: Error): void;
}

export type CopyState = VenueCopyState;

/** Why the copy read everything (for the metrics). */
export type FullReadReason = "start" | "reconnect" | "unappliedPush";

export interface LiveCopyOptions<Snapshot> {
  /** Opens the hub; pushes and its state come as events. */
  subscribe(events: CopyEvents): Promise<{ stop(): Promise<void> }>;
  /** Reads the whole collection from the Manager. */
  read(): Promise<Snapshot>;
  contents: CopyContents<Snapshot>;
  /** Whether the session the copy borrows is still there. */
  lenderPresent(): Promise<boolean>;
  /** Ends the copy when nobody read it for this long. */
  idleMs: number;
  /** How often the lender's session and the idle time are checked. */
  checkEveryMs: number;
  now?: () => number;
  /** Told of every change of state, of each full read, and once when the copy ends (with why). */
  stateChanged?(state: CopyState): void;
  fullRead?(reason: FullReadReason): void;
  ended(reason: string, error?: unknown): void;
}

export class LiveCopy<Snapshot> {
  private current: CopyState = "connecting";
  /** Pushes kept while a full read runs. */
  private kept: Array<{ target: string; args: unknown[] }> = [];
  /** Each full read's number: a read overtaken by a newer one (a reconnect, the end) is dropped. */
  private reading = 0;
  private subscription: { stop(): Promise<void> } | null = null;
  private readonly now: () => number;
  private lastReadAt: number;
  private readonly checks: ReturnType<typeof setInterval>;

  constructor(private readonly options: LiveCopyOptions<Snapshot>) {
    this.now = options.now ?? Date.now;
    this.lastReadAt = this.now();
    this.checks = setInterval(() => void this.check(), options.checkEveryMs);
    this.checks.unref?.();
    void this.start();
  }

  get state(): CopyState {
    return this.current;
  }

  /** The contents, when they may be served: live (and someone reads them: the idle clock starts again). */
  serve(): CopyContents<Snapshot> | null {
    if (this.current !== "live") return null;
    this.lastReadAt = this.now();
    return this.options.contents;
  }

  /** Ends the copy now (its lender signed out, the process stops). */
  end(reason: string, error?: unknown) {
    if (this.current === "ended") return;
    this.reading += 1;
    this.kept = [];
    clearInterval(this.checks);
    void this.subscription?.stop().catch(() => {});
    this.become("ended");
    this.options.ended(reason, error);
  }

  private become(state: CopyState) {
    if (this.current === state) return;
    this.current = state;
    this.options.stateChanged?.(state);
  }

  private async start() {
    try {
      const subscription = await this.options.subscribe({
        message: (target, args) => this.pushed(target, args),
        connected: () => void this.catchUp(this.current === "connecting" ? "start" : "reconnect"),
        interrupted: () => {
          if (this.current === "ended") return;
          this.reading += 1;
          this.kept = [];
          this.become("catchingUp");
        },
        closed: (error) => this.end("the hub connection closed", error),
      });
      this.subscription = subscription;
      // An end that came while the connection was being made.
      if (this.current === "ended") void subscription.stop().catch(() => {});
    } catch (error) {
      this.end("the hub did not connect", error);
    }
  }

  private pushed(target: string, args: unknown[]) {
    if (this.current === "live") {
      if (!this.options.contents.apply(target, args)) void this.catchUp("unappliedPush");
    } else if (this.current !== "ended") {
      this.kept.push({ target, args });
    }
  }

  /** Reads everything, then applies what was pushed meanwhile; live once both are in. */
  private async catchUp(reason: FullReadReason) {
    if (this.current === "ended") return;
    const reading = ++this.reading;
    this.kept = [];
    this.become("catchingUp");
    this.options.fullRead?.(reason);
    try {
      const snapshot = await this.options.read();
      if (reading !== this.reading) return;
      const { contents } = this.options;
      contents.replace(snapshot);
      const kept = this.kept;
      this.kept = [];
      if (!kept.every(({ target, args }) => contents.apply(target, args))) return void this.catchUp("unappliedPush");
      this.become("live");
    } catch (error) {
      if (reading === this.reading) this.end("the full read failed", error);
    }
  }

  private async check() {
    if (this.current === "ended") return;
    if (this.now() - this.lastReadAt > this.options.idleMs) return this.end("unused");
    try {
      if (!(await this.options.lenderPresent())) this.end("the session lent to it has ended");
    } catch (error) {
      this.end("the session lent to it could not be read", error);
    }
  }
}
