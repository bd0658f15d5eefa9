// The General tab's Manager calls that need the forms' zod modules (kept out of the declarations,
// which the browser loads with the page).
import { UseCaseModeSchema } from "~/contract/enums";
import { toAudioEncoder, type audioSettingsSchema } from "~/domain/station-forms";
import { errorPage } from "~/error-pages.server";
import { changeStreamingMode, getStation, updateAudioEncoder } from "~/manager/stations.server";
import type { ActionContext } from "~/route-helpers/form-declaration";
import type * as z from "zod";

export async function saveAudioSettings(
  value: z.output<typeof audioSettingsSchema>,
  { manager, serialNumber }: ActionContext,
) {
  const station = await getStation(manager, serialNumber);
  await updateAudioEncoder(manager, serialNumber, toAudioEncoder(value, station.state.audioEncoder));
}

export function changeMode({ manager, serialNumber, formData }: ActionContext) {
  const mode = UseCaseModeSchema.safeParse(Number(formData.get("useCaseMode")));
  // No form of ours sends another mode: answered like an unknown intent.
  if (!mode.success) throw errorPage("notFound");
  return changeStreamingMode(manager, serialNumber, mode.data);
}
