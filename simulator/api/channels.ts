// Channels: the list, PIN, test tone and the QR code of a channel's join link.
import QRCode from "qrcode";
import { managerPaths } from "../../app/contract/paths";
import { TestToneSchema, UpdatePinCodeSchema, type Channel } from "../../app/contract/channels";
import { isInAppView } from "../fleet/derive";
import { joinLink } from "../fleet/channels";
import { requireChannel, requireStation } from "../fleet/lookup";
import { setPinCode, setTestTone } from "../fleet/station-commands";
import type { Simulation } from "../simulation";
import { parseWith, Reply } from "./http";
import { param, routePath, type ApiRoutes } from "./routes";

const qrOptions = { errorCorrectionLevel: "M", margin: 2 } as const;

export function channelRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state } = simulation;
  const serialNumber = param("serialNumber");
  const channelIndex = param("channelIndex");

  api.get(routePath(managerPaths.channels), "stations.show", () => {
    const channels: Channel[] = [];
    for (const record of state.presentStations())
      if (isInAppView(record)) channels.push(...record.station.audioChannels);
    return channels.sort((a, b) => a.sortId - b.sortId);
  });

  api.post(routePath(managerPaths.pinCode, serialNumber, channelIndex), "stations.edit", ({ params, body }) =>
    setPinCode(state, params.serialNumber!, params.channelIndex!, parseWith(UpdatePinCodeSchema, body).pin),
  );

  api.post(routePath(managerPaths.testTone, serialNumber, channelIndex), "stations.edit", ({ params, body }) =>
    setTestTone(state, params.serialNumber!, params.channelIndex!, parseWith(TestToneSchema, body).playing),
  );

  for (const format of ["svg", "png"] as const) {
    api.get(routePath(managerPaths.qrCode, serialNumber, channelIndex, format), "stations.show", async ({ params }) => {
      const record = requireStation(state, params.serialNumber!);
      const channel = requireChannel(record, params.channelIndex!);
      const link = joinLink(channel);
      const fileName = `${record.station.serialNumber}-channel-${channel.index}-qrcode.${format}`;
      return format === "svg"
        ? Reply.file(
            "image/svg+xml; charset=utf-8",
            fileName,
            await QRCode.toString(link, { ...qrOptions, type: "svg" }),
          )
        : Reply.file("image/png", fileName, await QRCode.toBuffer(link, { ...qrOptions, type: "png", width: 512 }));
    });
  }
}
