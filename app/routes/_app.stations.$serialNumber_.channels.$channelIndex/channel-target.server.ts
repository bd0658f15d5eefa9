// The channel a URL names: the station's serial number and the channel's 1-based index; any
// other index is the channel-not-found page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorPage } from "~/error-pages.server";

export function channelTarget(params: LoaderFunctionArgs["params"]) {
  const channelIndex = /^\d+$/.test(params.channelIndex ?? "") ? Number(params.channelIndex) : NaN;
  if (!Number.isSafeInteger(channelIndex)) throw errorPage("channelNotFound");
  return { serialNumber: params.serialNumber!, channelIndex };
}
