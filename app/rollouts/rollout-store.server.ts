// The rollouts as the screens reach them. A rollout's state is never spooled (decision 066): each
// write is a check-and-change whose answer decides what comes next — the page a user is sent to,
// "not possible in this state", whether Update may go out — and a deferred one would answer before
// it is decided. So while the durable store does not answer, a screen's read or write is the
// "rollouts unavailable" page (503: nothing changed, and no rollout sends anything meanwhile, since
// every step starts from the store), never the unexpected 500. The driver uses the store as is and
// tries again on its next step.
import { errorPage } from "~/error-pages.server";
import type { RolloutStore } from "~/records/rollouts";
import { getRuntime } from "~/runtime.server";
import { failuresAsErrorPage } from "~/store/unavailable.server";

export function rolloutStore(): RolloutStore {
  const records = getRuntime().records;
  if (!records) throw errorPage("rolloutsUnavailable");
  return failuresAsErrorPage(records.rollouts, "rolloutsUnavailable", "The durable store did not answer for rollouts");
}
