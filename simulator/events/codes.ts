// The system event codes the simulated Manager raises. The console translates
// systemEvents.codes.<code> and fills in the parameters; docs/decisions/012-simulated-fleet.md
// lists them with their parameters.
import { systemEventTypes, type SystemEventType } from "../../app/contract/enums";

export interface SystemEventCode {
  type: SystemEventType;
  isDismissable: boolean;
  /** Parameter names besides serialNumber and stationName, which every station event carries. */
  parameters: readonly string[];
}

export const systemEventCodes = {
  stationDiscovered: { type: systemEventTypes.info, isDismissable: true, parameters: [] },
  stationAuthorized: { type: systemEventTypes.info, isDismissable: false, parameters: [] },
  stationConnected: { type: systemEventTypes.info, isDismissable: false, parameters: [] },
  stationRebooted: { type: systemEventTypes.info, isDismissable: false, parameters: [] },
  firmwareUpdateCompleted: { type: systemEventTypes.info, isDismissable: false, parameters: ["version"] },
  firmwareUpdateAvailable: { type: systemEventTypes.info, isDismissable: true, parameters: ["version"] },
  stationDisconnected: { type: systemEventTypes.warning, isDismissable: true, parameters: [] },
  stationFactoryReset: { type: systemEventTypes.warning, isDismissable: true, parameters: [] },
  fingerprintChanged: { type: systemEventTypes.warning, isDismissable: true, parameters: [] },
  certificateExpiresSoon: { type: systemEventTypes.warning, isDismissable: true, parameters: ["days"] },
  highNetworkLatency: { type: systemEventTypes.warning, isDismissable: true, parameters: ["latencyMs"] },
  firmwareUpdateFailed: { type: systemEventTypes.error, isDismissable: true, parameters: ["version"] },
  audioInputLost: { type: systemEventTypes.error, isDismissable: true, parameters: ["channelIndex"] },
  databaseBackupFailed: { type: systemEventTypes.error, isDismissable: false, parameters: [] },
  unclassified: { type: systemEventTypes.unknown, isDismissable: true, parameters: ["message"] },
} as const satisfies Record<string, SystemEventCode>;

export type SystemEventCodeName = keyof typeof systemEventCodes;
