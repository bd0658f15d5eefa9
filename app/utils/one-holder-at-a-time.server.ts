// Work that must not run twice at once anywhere — in this process, another worker or another
// instance of the console — runs under a named lock of the shared store (docs/decisions/
// 045-workers.md): the moderation queue's Next speaker compares the Manager's queue with what
// the moderator saw, and two copies of one click on two workers would otherwise both see the
// same speaker and skip the next one. A waiting caller polls the lock; a holder that dies frees
// it when its lease ends, so nobody waits for ever.
import type { LockStore } from "~/store/shared-store.server";

export interface OneHolderOptions {
  /** Longer than the work can take (its Manager calls, each bounded by MANAGER_TIMEOUT_MS). */
  leaseMs: number;
  pollMs?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function oneHolderAtATime<T>(
  locks: LockStore,
  name: string,
  options: OneHolderOptions,
  work: () => Promise<T>,
): Promise<T> {
  for (;;) {
    const token = await locks.acquire(name, options.leaseMs);
    if (token) {
      try {
        return await work();
      } finally {
        await locks.release(name, token);
      }
    }
    await pause(options.pollMs ?? 50);
  }
}
