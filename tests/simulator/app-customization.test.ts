import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { AppCustomizationSchema, type WritableAppCustomization } from "../../app/contract/app-customization";
import { problemTypes } from "../../app/contract/problems";
import { expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

// A 1×1 PNG.
const png =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const configuration: WritableAppCustomization = {
  isActive: true,
  logo: png,
  backgroundColor: "112233",
  highlightColor: "FFAA00",
  fontColor: "dark",
  onboardings: [{ sortId: 1, headline: "Welcome", text: "Pick a channel to listen.", picture: png }],
};

describe("app customization", () => {
  it("answers 204 while there is none", async () => {
    const answer = await simulator.call("GET", managerPaths.appCustomization());
    expect(answer.status).toBe(204);
  });

  it("creates, reads, updates and deletes (resets) the configuration", async () => {
    const created = await simulator.call("POST", managerPaths.appCustomization(), { body: configuration });
    expect(created.status).toBe(201);
    const { id } = AppCustomizationSchema.parse(created.body);
    expect(AppCustomizationSchema.parse((await simulator.call("GET", managerPaths.appCustomization())).body)).toEqual({
      ...configuration,
      id,
    });

    expectProblem(
      await simulator.call("POST", managerPaths.appCustomization(), { body: configuration }),
      409,
      problemTypes.conflict,
    );

    const updated = await simulator.call("PUT", managerPaths.appCustomizationById(id), {
      body: { ...configuration, isActive: false },
    });
    expect(updated.status).toBe(200);
    expect(AppCustomizationSchema.parse(updated.body)).toMatchObject({ id, isActive: false });

    const reset = await simulator.call("DELETE", managerPaths.appCustomizationById(id), { body: configuration });
    expect(reset.status).toBe(200);
    expect(AppCustomizationSchema.parse(reset.body)).toMatchObject({
      backgroundColor: "003746",
      highlightColor: "0096D6",
      fontColor: "light",
      logo: null,
    });
    expect((await simulator.call("GET", managerPaths.appCustomization())).status).toBe(204);
  });

  it("answers 404 for an unknown id, 400 with field errors, 413 for a body over 5 MB, 403 to a Moderator", async () => {
    expectProblem(
      await simulator.call("PUT", managerPaths.appCustomizationById("nope"), { body: configuration }),
      404,
      problemTypes.notFound,
    );
    const problem = expectProblem(
      await simulator.call("POST", managerPaths.appCustomization(), {
        body: {
          ...configuration,
          backgroundColor: "12345",
          onboardings: [{ ...configuration.onboardings[0], headline: "x".repeat(61) }],
        },
      }),
      400,
      problemTypes.validation,
    );
    expect(Object.keys(problem.errors!)).toEqual(expect.arrayContaining(["backgroundColor", "onboardings.0.headline"]));
    const huge = `data:image/png;base64,${"A".repeat(6 * 1024 * 1024)}`;
    const tooLarge = await simulator.call("POST", managerPaths.appCustomization(), {
      body: { ...configuration, logo: huge },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expectProblem(
      await simulator.call("GET", managerPaths.appCustomization(), { as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
  });

  it("takes a logo of a few megabytes", async () => {
    const logo = `data:image/png;base64,${"A".repeat(3 * 1024 * 1024)}`;
    expect(
      (await simulator.call("POST", managerPaths.appCustomization(), { body: { ...configuration, logo } })).status,
    ).toBe(201);
  });
});
