// The rollouts list's one form: start a rollout (stations.edit, like every rollout act).
import { defineHandler } from "~/route-helpers/form-declaration";
import { startRollout } from "./rollout-start.server";

export const startRolloutHandler = defineHandler({
  intent: "startRollout",
  permission: "stations.edit",
  auditAction: "rollout.start",
  handle: (context) => startRollout(context),
});
