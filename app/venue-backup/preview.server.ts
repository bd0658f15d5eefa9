// The restore preview (issue 29, item 3): the backup against the venue as the Manager has it now —
// per station each setting that would change, old and new value; the stations that cannot be
// restored and why; which current station each backup station goes onto (a swapped unit takes
// its predecessor's settings); and the venue-wide settings. Nothing is sent to the Manager.
import type { Station } from "~/contract/stations";
import {
  channelOrderAfter,
  customizationItem,
  hasChanges,
  systemDnsItem,
  venuePlan,
  type Mapping,
  type NotRestorableReason,
  type StationItem,
  type VenueItem,
} from "~/domain/restore-plan";
import { writableCustomizationOf, type VenueBackup } from "~/domain/venue-backup";
import type { ManagerClient } from "~/manager/http.server";
import { backupSortIdsOf } from "./apply-restore.server";
import { allStations, venueSettings } from "./venue-state.server";

export interface MappingChoice {
  serialNumber: string;
  label: string;
}

export interface PreviewStation {
  backupSerialNumber: string;
  label: string;
  targetSerialNumber: string | null;
  reason: NotRestorableReason | null;
  /** The settings that would change, in saving order. */
  items: StationItem[];
  unchangedCount: number;
  missingChannels: number[];
  /** Current stations this backup station may go onto: its own serial number first, then units not in the backup. */
  choices: MappingChoice[];
}

export interface RestorePreview {
  createdAt: string;
  holdsSecrets: boolean;
  includesNetworkSettings: boolean;
  stations: PreviewStation[];
  venue: VenueItem[];
  counts: { changes: number; notRestorable: number };
}

function labelOf(station: Station) {
  return station.name ? `${station.name} (${station.serialNumber})` : station.serialNumber;
}

export async function restorePreview(
  manager: ManagerClient,
  backup: VenueBackup,
  mapping: Mapping,
): Promise<RestorePreview> {
  // One after the other: the station pages alone keep eight calls in flight.
  const venue = await venueSettings(manager);
  const stationList = await allStations(manager);
  const current = new Map(stationList.map((station) => [station.serialNumber, station]));
  const inBackup = new Set(backup.stations.map((station) => station.serialNumber));
  const plans = venuePlan(backup, current, mapping);
  const backups = new Map(backup.stations.map((station) => [station.serialNumber, station]));
  // Replacement units: stations of the venue that the backup does not name.
  const spare = stationList.filter((station) => !inBackup.has(station.serialNumber));
  const stations = plans.map((plan): PreviewStation => {
    const backupStation = backups.get(plan.backupSerialNumber)!;
    const own = current.get(plan.backupSerialNumber);
    const choices = [...(own ? [own] : []), ...spare.filter((station) => station.type === backupStation.type)].map(
      (station) => ({ serialNumber: station.serialNumber, label: labelOf(station) }),
    );
    const items = plan.restorable ? plan.items.filter(hasChanges) : [];
    return {
      backupSerialNumber: plan.backupSerialNumber,
      label: plan.label,
      targetSerialNumber: plan.targetSerialNumber,
      reason: plan.restorable ? null : plan.reason,
      items,
      unchangedCount: plan.restorable ? plan.items.length - items.length : 0,
      missingChannels: plan.restorable ? plan.missingChannels : [],
      choices,
    };
  });
  const order = channelOrderAfter(
    stationList.flatMap((station) => station.audioChannels),
    backupSortIdsOf(plans, backups),
  );
  const venueItems: VenueItem[] = [
    systemDnsItem(backup, venue.systemSettings),
    { key: "channelOrder", changes: order.changes },
    customizationItem(backup, writableCustomizationOf(venue.appCustomization)),
  ];
  return {
    createdAt: backup.createdAt,
    holdsSecrets: backup.holdsSecrets,
    includesNetworkSettings: backup.includesNetworkSettings,
    stations,
    venue: venueItems,
    counts: {
      changes: stations.reduce((sum, station) => sum + station.items.length, 0) + venueItems.filter(hasChanges).length,
      notRestorable: stations.filter((station) => station.reason).length,
    },
  };
}
