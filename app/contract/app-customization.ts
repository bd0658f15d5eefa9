// The branding of the listening app.
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";

export const FontColorSchema = z.enum(["light", "dark"]);
export type FontColor = z.infer<typeof FontColorSchema>;
const hexColor = z.string().regex(/^[0-9A-Fa-f]{6}$/);
/** A data: URL of a PNG (logo) or a PNG or JPEG (onboarding picture). */
const imageDataUrl = z.string().regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/);

export const OnboardingSchema = z.object({
  sortId: z.number().int().min(1).max(3),
  headline: z.string().max(60),
  text: z.string().max(130),
  picture: imageDataUrl.nullable(),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;

export const WritableAppCustomizationSchema = z.object({
  isActive: z.boolean(),
  logo: z
    .string()
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/)
    .nullable(),
  backgroundColor: hexColor,
  highlightColor: hexColor,
  fontColor: FontColorSchema,
  onboardings: z.array(OnboardingSchema).max(3),
});
export type WritableAppCustomization = z.infer<typeof WritableAppCustomizationSchema>;

export const AppCustomizationSchema = WritableAppCustomizationSchema.extend({ id: z.string() });
export type AppCustomization = z.infer<typeof AppCustomizationSchema>;
