// Pause, resume and cancel a rollout. Each changes the stored rollout only from the states it
// applies to (a pause racing the driver's next step, or a second click, changes nothing twice);
// resuming lends the rollout the resuming admin's session, so it acts for them from now on.
import { redirect } from "@remix-run/node";
import { auditUserOf, noteWrite } from "~/audit/write-record.server";
import type { ActionContext } from "~/route-helpers/form-declaration";
import { lendSession } from "~/rollouts/acting-session.server";
import { rolloutPath } from "~/rollouts/texts";
import { getRuntime } from "~/runtime.server";
import { setFlash } from "~/utils/flash.server";

export const rolloutActs = ["pause", "resume", "cancel"] as const;
export type RolloutAct = (typeof rolloutActs)[number];

const doneMessage: Record<RolloutAct, string> = {
  pause: "stations:rollouts.paused",
  resume: "stations:rollouts.resumed",
  cancel: "stations:rollouts.cancelled",
};

export async function actOnRollout(context: ActionContext, act: RolloutAct): Promise<Response> {
  const { request, user, session, params } = context;
  const id = params.rolloutId!;
  noteWrite({ action: `rollout.${act}`, target: { kind: "rollout", id } });
  const { rollouts } = getRuntime().records!;
  const by = auditUserOf(user);
  let changed: unknown;
  switch (act) {
    case "pause":
      changed = await rollouts.update(id, { state: "paused", reason: { code: "pausedByUser", by } }, ["running"]);
      break;
    case "resume":
      // The session first: the driver's next step must find someone to act for.
      await lendSession(id, request, session.id);
      changed = await rollouts.update(id, { state: "running", reason: null }, ["paused"]);
      break;
    case "cancel":
      changed = await rollouts.cancel(id, { code: "cancelledByUser", by });
      break;
  }
  if (!changed) {
    noteWrite({ outcome: { kind: "refused", reason: "wrongState", detail: "notChanged" } });
    await setFlash(request, { kind: "error", message: "stations:rollouts.notChanged" });
  } else {
    await setFlash(request, { kind: "success", message: doneMessage[act] });
  }
  return redirect(rolloutPath(id));
}
