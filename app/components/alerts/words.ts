// What an alert is about, in the reader's words: the same sentence on the bar, the list, the
// deliveries and in an alert e-mail.
import type { TFunction } from "i18next";
import type { AlertRuleKind } from "~/records/alerts";

export interface AlertWhat {
  kind: AlertRuleKind;
  serialNumber: string;
  stationName: string | null;
  /** "" (the station itself), `channel:<index>` or `rollout:<id>`. */
  subject: string;
  subjectName: string | null;
}

/** The channel's index or the rollout's id the subject names ("" when it names none). */
function subjectPart(subject: string, prefix: "channel" | "rollout") {
  return subject.startsWith(`${prefix}:`) ? subject.slice(prefix.length + 1) : "";
}

export function alertWhat(t: TFunction<"alerts">, alert: AlertWhat): string {
  if (alert.kind === "managerUnreachable") return t("what.managerUnreachable");
  // The station as the sentence names it: its name with its serial number, or the number alone.
  const station = alert.stationName
    ? t("what.station", { name: alert.stationName, serialNumber: alert.serialNumber })
    : t("what.stationUnnamed", { serialNumber: alert.serialNumber });
  switch (alert.kind) {
    case "channelListenersZero": {
      const index = subjectPart(alert.subject, "channel");
      return t("what.channelListenersZero", {
        station,
        channel: alert.subjectName
          ? t("what.channelNamed", { name: alert.subjectName, index })
          : t("what.channel", { index }),
      });
    }
    case "rolloutPaused":
      return alert.serialNumber
        ? t("what.rolloutPausedAt", { id: subjectPart(alert.subject, "rollout"), station })
        : t("what.rolloutPaused", { id: subjectPart(alert.subject, "rollout") });
    case "firmwareUpdateFailed":
      return alert.subjectName
        ? t("what.firmwareUpdateFailedVersion", { station, version: alert.subjectName })
        : t("what.firmwareUpdateFailed", { station });
    case "fingerprintChanged":
    case "stationUnauthorized":
    case "stationStopped":
      return t(`what.${alert.kind}`, { station });
  }
}
