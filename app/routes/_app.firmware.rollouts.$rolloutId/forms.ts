// A rollout's forms: pause, resume, and cancel the stations not started (stations.edit).
import { defineHandler } from "~/route-helpers/form-declaration";
import { actOnRollout, type RolloutAct } from "./rollout-actions.server";

function rolloutHandler<const Intent extends string>(intent: Intent, act: RolloutAct) {
  return defineHandler({
    intent,
    permission: "stations.edit",
    auditAction: `rollout.${act}`,
    handle: (context) => actOnRollout(context, act),
  });
}

export const rolloutHandlers = [
  rolloutHandler("pauseRollout", "pause"),
  rolloutHandler("resumeRollout", "resume"),
  rolloutHandler("cancelRollout", "cancel"),
] as const;
