// The restore preview (issues 29 and 33): the kept backup against the venue as the Manager has it
// now — per station each setting that would change, old and new value, or why the file's value is
// refused; what a streaming-mode change resets and so writes after it; the stations that cannot
// be restored now and why; which unit each backup station goes onto (a swapped unit takes its
// predecessor's settings); the venue-wide settings. Bounded: the page holds the counts, one page
// of the venue's stations with something to show and one page of the file's stations the venue
// does not know, whatever the file holds. Nothing is sent to the Manager.
import type { Station } from "~/contract/stations";
import type { BlockedReason } from "~/domain/station-state";
import {
  hasChanges,
  isShown,
  type Mapping,
  type NotRestorableReason,
  type StationItem,
  type StationPlan,
  type VenueItem,
} from "~/domain/restore-plan";
import type { ManagerClient } from "~/manager/http.server";
import type { RestoreChoices } from "./backup-draft.server";
import type { DocumentRefusal } from "./read-backup";
import { planDigest, planStations, restoreInput, venueItems } from "./restore-input.server";

/** Stations a page of the preview shows (each kind its own pages). */
export const stationsPerPage = 20;

export interface MappingChoice {
  serialNumber: string;
  label: string;
}

export interface PreviewStation {
  backupSerialNumber: string;
  label: string;
  targetSerialNumber: string | null;
  reason: NotRestorableReason | null;
  blockedBy: BlockedReason | null;
  /** The settings that would change or are refused, in saving order. */
  items: StationItem[];
  unchangedCount: number;
  missingChannels: number[];
  /** The streaming mode changes: what it resets is written after it. */
  modeChange: boolean;
  /** Current stations this backup station may go onto: its own unit first, then units not in the backup. */
  choices: MappingChoice[];
}

export interface PageOf<T> {
  entries: T[];
  /** Entries a page holds. */
  size: number;
  /** From 1. */
  page: number;
  pages: number;
  count: number;
}

export interface RestorePreview {
  backupId: string;
  createdAt: string;
  holdsSecrets: boolean;
  includesNetworkSettings: boolean;
  counts: {
    inFile: number;
    /** Settings that would change, the venue's included. */
    changes: number;
    /** Settings whose value in the file is refused. */
    refused: number;
    /** The venue's stations already as in the backup. */
    quiet: number;
    notRestorable: number;
  };
  /** The venue's stations (and the ones mapped onto its units) with something to show. */
  stations: PageOf<PreviewStation>;
  /** The file's stations the venue does not know, by count, one page named. */
  missing: PageOf<PreviewStation>;
  venue: VenueItem[];
  /** Of the settings on this page, the ones the user unticked before. */
  unticked: string[];
  /** What this preview showed (the apply compares). */
  digest: string;
}

export type PreviewAnswer = { ok: true; preview: RestorePreview } | DocumentRefusal;

function labelOf(station: Station) {
  return station.name ? `${station.name} (${station.serialNumber})` : station.serialNumber;
}

/** Restorable onto its own unit with nothing to show: counted, not listed. */
const isQuiet = (plan: StationPlan) =>
  plan.restorable &&
  plan.targetSerialNumber === plan.backupSerialNumber &&
  !plan.items.some(isShown) &&
  plan.missingChannels.length === 0;

const pageCount = (count: number) => Math.max(1, Math.ceil(count / stationsPerPage));
const clampPage = (page: number, count: number) => Math.min(Math.max(1, page), pageCount(count));

function previewStation(plan: StationPlan, choices: MappingChoice[]): PreviewStation {
  const shown = plan.restorable ? plan.items.filter(isShown) : [];
  return {
    backupSerialNumber: plan.backupSerialNumber,
    label: plan.label,
    targetSerialNumber: plan.targetSerialNumber,
    reason: plan.restorable ? null : plan.reason,
    blockedBy: plan.restorable ? null : (plan.blockedBy ?? null),
    items: shown,
    unchangedCount: plan.restorable ? plan.items.length - shown.length : 0,
    missingChannels: plan.restorable ? plan.missingChannels : [],
    modeChange: plan.restorable && plan.modeChange,
    choices,
  };
}

export async function restorePreview(
  manager: ManagerClient,
  backup: { id: string; bytes: Uint8Array },
  choices: RestoreChoices,
  pages: { page: number; missingPage: number },
): Promise<PreviewAnswer> {
  const mapping: Mapping = new Map(Object.entries(choices.mapping));
  const missingCountGuess = Math.max(0, pages.missingPage - 1) * stationsPerPage;
  const input = await restoreInput(manager, backup.bytes, mapping, { skip: missingCountGuess, take: stationsPerPage });
  if (!("venue" in input)) return input;
  const plans = await planStations(input, mapping);
  const venue = venueItems(input, plans);
  const { backup: read } = input;

  // Replacement units: stations of the venue the file does not name, of the backup station's type.
  const named = new Set(read.stations.map((station) => station.serialNumber));
  const spare = input.venue.list.filter((station) => !named.has(station.serialNumber));
  const choicesFor = (serialNumber: string, type: number): MappingChoice[] => {
    const own = input.venue.stations.get(serialNumber);
    return [
      ...(own ? [{ serialNumber, label: labelOf(own) }] : []),
      ...spare
        .filter((station) => station.type === type)
        .map((station) => ({ serialNumber: station.serialNumber, label: labelOf(station) })),
    ];
  };
  const types = new Map(read.stations.map((station) => [station.serialNumber, station.type]));

  const listed = plans.filter((plan) => !isQuiet(plan));
  const page = clampPage(pages.page, listed.length);
  const stations = listed
    .slice((page - 1) * stationsPerPage, page * stationsPerPage)
    .map((plan) => previewStation(plan, choicesFor(plan.backupSerialNumber, types.get(plan.backupSerialNumber)!)));

  // Asked for before the count was known: a page past the last shows none.
  const missingPage = Math.max(1, pages.missingPage);
  const missing = read.missing.page.map((station) =>
    previewStation(
      {
        backupSerialNumber: station.serialNumber,
        targetSerialNumber: station.serialNumber,
        label: station.label,
        restorable: false,
        reason: "missing",
      },
      choicesFor(station.serialNumber, station.type),
    ),
  );

  const shownKeys = new Set([
    ...stations.flatMap((station) => station.items.map((entry) => `${station.backupSerialNumber}/${entry.key}`)),
    ...venue.map((entry) => `venue/${entry.key}`),
  ]);
  const restorable = plans.filter((plan) => plan.restorable);
  return {
    ok: true,
    preview: {
      backupId: backup.id,
      createdAt: read.venue.createdAt,
      holdsSecrets: read.venue.holdsSecrets,
      includesNetworkSettings: read.venue.includesNetworkSettings,
      counts: {
        inFile: read.stationCount,
        changes:
          restorable.reduce((sum, plan) => sum + plan.items.filter(hasChanges).length, 0) +
          venue.filter(hasChanges).length,
        refused:
          restorable.reduce((sum, plan) => sum + plan.items.filter((entry) => entry.refusals).length, 0) +
          venue.filter((entry) => entry.refusals).length,
        quiet: plans.length - listed.length,
        notRestorable: plans.length - restorable.length,
      },
      stations: {
        entries: stations,
        size: stationsPerPage,
        page,
        pages: pageCount(listed.length),
        count: listed.length,
      },
      missing: {
        entries: missing,
        size: stationsPerPage,
        page: missingPage,
        pages: pageCount(read.missing.count),
        count: read.missing.count,
      },
      venue,
      unticked: choices.unticked.filter((key) => shownKeys.has(key)),
      digest: planDigest(plans, venue),
    },
  };
}
