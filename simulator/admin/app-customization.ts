// The listening app's branding: none until created (GET answers 204), one configuration at most.
import { randomUUID } from "node:crypto";
import { defaultColours } from "../../app/domain/colours";
import type { AppCustomization, WritableAppCustomization } from "../../app/contract/app-customization";
import { problems } from "../problems";
import type { ManagerState } from "../state";

/** What the app shows without a customization (spec: background 003746, highlight 0096D6, light font). */
export function defaultAppCustomization(): AppCustomization {
  return {
    id: "",
    isActive: false,
    logo: null,
    ...defaultColours,
    onboardings: [],
  };
}

function store(state: ManagerState, configuration: AppCustomization | null) {
  state.appCustomization = configuration;
  state.store.saveAppCustomization(configuration);
  state.emit({ kind: "appCustomization", configuration });
}

export function createAppCustomization(state: ManagerState, writable: WritableAppCustomization): AppCustomization {
  if (state.appCustomization) {
    throw problems.conflict("An app customization exists already; update it instead.", {
      id: state.appCustomization.id,
    });
  }
  const configuration = { ...writable, id: randomUUID() };
  store(state, configuration);
  return configuration;
}

function requireCustomization(state: ManagerState, id: string): AppCustomization {
  if (!state.appCustomization || state.appCustomization.id !== id) throw problems.notFound("app customization", id);
  return state.appCustomization;
}

export function updateAppCustomization(
  state: ManagerState,
  id: string,
  writable: WritableAppCustomization,
): AppCustomization {
  requireCustomization(state, id);
  const configuration = { ...writable, id };
  store(state, configuration);
  return configuration;
}

/** Resetting deletes the stored configuration; the answer is what the app shows from now on. */
export function deleteAppCustomization(state: ManagerState, id: string): AppCustomization {
  requireCustomization(state, id);
  store(state, null);
  return defaultAppCustomization();
}
