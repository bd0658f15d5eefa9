// What an alert is about, in the reader's words: the same sentence on the bar, the list and the
// deliveries.
import type { TFunction } from "i18next";
import type { AlertRuleKind } from "~/records/alerts";

export function alertWhat(
  t: TFunction<"alerts">,
  subject: { kind: AlertRuleKind; serialNumber: string; stationName: string | null },
): string {
  if (subject.kind === "managerUnreachable") return t("what.managerUnreachable");
  return subject.stationName
    ? t("what.stationStopped", { name: subject.stationName, serialNumber: subject.serialNumber })
    : t("what.stationStoppedUnnamed", { serialNumber: subject.serialNumber });
}
