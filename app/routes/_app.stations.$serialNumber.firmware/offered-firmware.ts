// The versions the update form offers: every choice but the installed one (shown, disabled). The
// form's schema refuses any other id, in the browser and in the action.
import type { FirmwareChoice } from "~/domain/firmware";

export function offeredFirmwareIds(choices: readonly Pick<FirmwareChoice, "id" | "isInstalled">[]): string[] {
  return choices.filter((choice) => !choice.isInstalled).map((choice) => choice.id);
}
