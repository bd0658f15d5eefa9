// Failed passwords per account: after `attempts` failures within `windowMs`, the account's
// sign-ins are refused — right password or not — until the oldest failure is older than the
// window. A per-address limit alone lets many addresses share one account's guesses. Memory is
// bounded: at most `attempts` times per account, and a fixed number of accounts (usernames are
// whatever a client types), the least recently failed forgotten first.

export interface FailedSignInOptions {
  /** Failures allowed in the window; the next attempt is refused. Default 10. */
  attempts?: number;
  /** Default 10 minutes. */
  windowMs?: number;
  /** Usernames remembered at once. Default 10,000. */
  maxAccounts?: number;
  /** For tests: the clock. */
  now?: () => number;
}

export interface FailedSignIns {
  /** Milliseconds until this account may try again; 0 when it may now. */
  waitFor(username: string): number;
  recordFailure(username: string): void;
  recordSuccess(username: string): void;
}

/** As the demo accounts match usernames: trimmed, case-insensitive. */
const accountKey = (username: string) => username.trim().toLowerCase();

export function createFailedSignIns(options: FailedSignInOptions = {}): FailedSignIns {
  const attempts = options.attempts ?? 10;
  const windowMs = options.windowMs ?? 10 * 60_000;
  const maxAccounts = options.maxAccounts ?? 10_000;
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();

  function recent(key: string) {
    const cutoff = now() - windowMs;
    const times = (failures.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) failures.delete(key);
    return times;
  }

  return {
    waitFor(username) {
      const times = recent(accountKey(username));
      return times.length < attempts ? 0 : times[0]! + windowMs - now();
    },
    recordFailure(username) {
      const key = accountKey(username);
      const times = [...recent(key), now()].slice(-attempts);
      failures.delete(key);
      if (failures.size >= maxAccounts) failures.delete(failures.keys().next().value!);
      failures.set(key, times);
    },
    recordSuccess(username) {
      failures.delete(accountKey(username));
    },
  };
}
