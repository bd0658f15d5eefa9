// App customization: 204 while there is none; create, update by id, delete (reset) by id.
import { managerPaths } from "../../app/contract/paths";
import { WritableAppCustomizationSchema } from "../../app/contract/app-customization";
import { createAppCustomization, deleteAppCustomization, updateAppCustomization } from "../admin/app-customization";
import type { Simulation } from "../simulation";
import { parseWith, Reply } from "./http";
import type { TextFields } from "./text-fields";
import { param, routePath, type ApiRoutes } from "./routes";

/** The onboarding texts take only text; the text is multi-line (the console's textarea). */
const onboardingTexts: TextFields = {
  "onboardings.*.headline": { required: false },
  "onboardings.*.text": { required: false, multiline: true },
};

export function appCustomizationRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state } = simulation;
  const id = param("id");

  api.get(
    routePath(managerPaths.appCustomization),
    "appCustomization.show",
    () => state.appCustomization ?? Reply.noContent(),
  );
  api.post(routePath(managerPaths.appCustomization), "appCustomization.edit", ({ body }) =>
    Reply.json(201, createAppCustomization(state, parseWith(WritableAppCustomizationSchema, body, onboardingTexts))),
  );
  api.put(routePath(managerPaths.appCustomizationById, id), "appCustomization.edit", ({ params, body }) =>
    updateAppCustomization(state, params.id!, parseWith(WritableAppCustomizationSchema, body, onboardingTexts)),
  );
  // The console sends the current configuration along; the reset does not need it.
  api.delete(routePath(managerPaths.appCustomizationById, id), "appCustomization.edit", ({ params }) =>
    deleteAppCustomization(state, params.id!),
  );
}
