// The Manager's settings: DNS discovery of the stations.
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";
import { DnsDiscoverySettingsSchema } from "./station-parts";

export const SystemSettingsSchema = z.object({ dnsDiscoverySettings: DnsDiscoverySettingsSchema });
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

export const FeatureFlagSchema = z.object({ name: z.string(), enabled: z.boolean() });

export const SettingsSchema = z.object({
  accountsUrl: z.string(),
  documentationsUrl: z.string(),
  backendVersion: z.string(),
  featureFlags: z.array(FeatureFlagSchema),
  systemSettings: SystemSettingsSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;
