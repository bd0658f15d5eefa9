// Pause, resume and cancel a rollout. Each changes the stored rollout only from the states it
// applies to (a pause racing the driver's next step, or a second click, changes nothing twice);
// resuming lends the rollout the resuming admin's session, so it acts for them from now on — and a
// refused resume changes nothing, whom the rollout acts for included. The id in the URL is checked
// before it names anything (a Location header, an audit record): a made-up one is a 404.
import { redirect } from "@remix-run/node";
import { auditUserOf, noteWrite } from "~/audit/write-record.server";
import { errorPage } from "~/error-pages.server";
import { rolloutIdOf } from "~/records/rollouts";
import type { ActionContext } from "~/route-helpers/form-declaration";
import { lendSessionFor } from "~/rollouts/acting-session.server";
import { rolloutStore } from "~/rollouts/rollout-store.server";
import { rolloutPath } from "~/rollouts/texts";
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
  noteWrite({ action: `rollout.${act}`, target: { kind: "rollout" } });
  const id = rolloutIdOf(params.rolloutId);
  const rollouts = rolloutStore();
  const rollout = id === null ? null : await rollouts.get(id);
  if (id === null || rollout === null) throw errorPage("notFound");
  noteWrite({ target: { kind: "rollout", id } });
  const by = auditUserOf(user);
  let changed: unknown;
  switch (act) {
    case "pause":
      changed = await rollouts.update(id, { state: "paused", reason: { code: "pausedByUser", by } }, ["running"]);
      break;
    case "resume":
      // Only a paused rollout resumes: anything else is refused before any session is lent.
      changed =
        rollout.state === "paused"
          ? await lendSessionFor(id, request, session.id, () =>
              rollouts.update(id, { state: "running", reason: null }, ["paused"]),
            )
          : null;
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
