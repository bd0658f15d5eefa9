// What a restore's preview and its apply both start from (issue 33): the venue as the Manager has
// it now — its stations (in pages), each one's firmware status (a station stuck "Rebooting" cannot
// be written), the venue's DNS settings and customization — and the kept backup file read against
// it in a worker thread: the stations the venue can take, with their settings checked by the
// forms' rules, the others as a count. Then the customization's images, checked by their bytes
// as the upload form checks them. One definition, so the apply finds what the preview showed.
import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Station } from "~/contract/stations";
import type { WritableAppCustomization } from "~/contract/app-customization";
import type { Checked, Refusal } from "~/domain/backup-rules";
import {
  channelOrderAfter,
  customizationItem,
  systemDnsItem,
  venuePlanner,
  type Mapping,
  type StationPlan,
  type VenueItem,
  type VenueNow,
} from "~/domain/restore-plan";
import { writableCustomizationOf, type CheckedStation } from "~/domain/venue-backup";
import { storedImageProblem } from "~/images/customization-images.server";
import { imageProblemMessage } from "~/images/image-problems";
import { firmwareStatusOf } from "~/manager/firmware.server";
import type { ManagerClient } from "~/manager/http.server";
import { readBackupDocument } from "./backup-reader.server";
import type { DocumentRefusal, ReadBackup } from "./read-backup";
import { allStations, venueSettings } from "./venue-state.server";

/** Stations planned between two turns of the event loop: a few milliseconds of work each time. */
const stationsPerTurn = 50;

export interface RestoreInput {
  venue: VenueNow & { list: Station[] };
  settings: Awaited<ReturnType<typeof venueSettings>>;
  backup: ReadBackup;
}

async function imageRefusals(customization: WritableAppCustomization): Promise<Refusal[]> {
  const refusals: Refusal[] = [];
  if (customization.logo) {
    const problem = await storedImageProblem("logo", customization.logo);
    if (problem) refusals.push({ field: "logo", message: imageProblemMessage("logo", problem) });
  }
  for (const [index, screen] of customization.onboardings.entries()) {
    if (!screen.picture) continue;
    const problem = await storedImageProblem("picture", screen.picture);
    if (problem)
      refusals.push({ field: `onboardings[${index}].picture`, message: imageProblemMessage("picture", problem) });
  }
  return refusals;
}

/** The customization after its images' check: refused when any is. */
async function withCheckedImages(
  checked: Checked<WritableAppCustomization> | null,
): Promise<Checked<WritableAppCustomization> | null> {
  if (!checked?.ok) return checked;
  const refusals = await imageRefusals(checked.value);
  return refusals.length > 0 ? { ok: false, refusals } : checked;
}

/**
 * The venue now and the kept file read against it (the bytes move to the reader: not usable after). `mapping` names the backup stations mapped
 * onto units (they are read too); `missingPage` which of the stations the venue does not know to
 * name.
 */
export async function restoreInput(
  manager: ManagerClient,
  bytes: Uint8Array,
  mapping: Mapping,
  missingPage: { skip: number; take: number },
): Promise<RestoreInput | DocumentRefusal> {
  // The file is parsed in its worker while the venue is read: the stations after the settings and
  // the firmware (three calls at once), as the station pages alone keep eight in flight.
  const reading = async () => {
    const [settings, firmwareStatus] = await Promise.all([venueSettings(manager), firmwareStatusOf(manager)]);
    return { settings, firmwareStatus, list: await allStations(manager) };
  };
  const venueNow = reading();
  const wanted = venueNow.then(({ list }) => ({
    wanted: [...new Set([...list.map((station) => station.serialNumber), ...mapping.keys()])],
    missingPage,
  }));
  const [{ settings, firmwareStatus, list }, { result: read }] = await Promise.all([
    venueNow,
    readBackupDocument(bytes, wanted),
  ]);
  if (!read.ok) return read;
  const backup: ReadBackup = {
    ...read,
    venue: { ...read.venue, appCustomization: await withCheckedImages(read.venue.appCustomization) },
  };
  return {
    venue: {
      list,
      stations: new Map(list.map((station) => [station.serialNumber, station])),
      firmwareStatus,
    },
    settings,
    backup,
  };
}

/** Every backup station's plan, a few at a time with the event loop free between. */
export async function planStations(input: RestoreInput, mapping: Mapping): Promise<StationPlan[]> {
  const plan = venuePlanner(input.venue, mapping);
  const plans: StationPlan[] = [];
  const stations: readonly CheckedStation[] = input.backup.stations;
  for (let at = 0; at < stations.length; at += stationsPerTurn) {
    plans.push(...stations.slice(at, at + stationsPerTurn).map(plan));
    await nextTurn();
  }
  return plans;
}

/** Target serial number → channel index → the backup's position of that channel in the App view. */
export function backupSortIdsOf(plans: readonly StationPlan[], stations: readonly CheckedStation[]) {
  const bySerialNumber = new Map(stations.map((station) => [station.serialNumber, station]));
  return new Map(
    plans
      .filter((plan) => plan.restorable)
      .map((plan) => [
        plan.targetSerialNumber!,
        new Map(
          bySerialNumber.get(plan.backupSerialNumber)!.channels.map((channel) => [channel.index, channel.sortId]),
        ),
      ]),
  );
}

/** The venue-wide settings against the venue now: DNS discovery, the App view's order, the customization. */
export function venueItems(input: RestoreInput, plans: readonly StationPlan[]): VenueItem[] {
  const order = channelOrderAfter(
    input.venue.list.flatMap((station) => station.audioChannels),
    backupSortIdsOf(plans, input.backup.stations),
  );
  return [
    systemDnsItem(input.backup.venue.systemDnsDiscovery, input.settings.systemSettings),
    { key: "channelOrder", changes: order.changes },
    customizationItem(input.backup.venue.appCustomization, writableCustomizationOf(input.settings.appCustomization)),
  ];
}

/**
 * What the preview showed, in a few bytes: every station's target and why it cannot be restored,
 * each setting's changes and refusals, the venue's. An apply whose plan has another digest shows
 * the new preview instead of applying: the venue changed in between.
 */
export function planDigest(plans: readonly StationPlan[], venue: readonly VenueItem[]): string {
  const hash = createHash("sha256");
  for (const plan of plans) {
    hash.update(JSON.stringify([plan.backupSerialNumber, plan.targetSerialNumber, plan.restorable]));
    if (plan.restorable) hash.update(JSON.stringify([plan.items, plan.missingChannels]));
    else hash.update(JSON.stringify([plan.reason, plan.blockedBy ?? null]));
  }
  hash.update(JSON.stringify(venue));
  return hash.digest("base64url");
}
