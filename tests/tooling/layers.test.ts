// The layers of the code are lint rules (eslint.config.js): an import across a boundary fails
// `npm run lint`. Each case lints a one-line module as if it lived at that path.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function importErrors(filePath: string, specifier: string) {
  const [result] = await eslint.lintText(`import { x } from "${specifier}";\nexport const y = x;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports");
}

describe("import boundaries", () => {
  it.each([
    ["app/components/stations/Badge.tsx", "~/manager/stations.server"],
    ["app/components/stations/Badge.tsx", "~/route-helpers/intent-table.server"],
    ["app/components/DataTable.tsx", "~/routes/_app.stations._index/StationsTable"],
    ["app/domain/audio.ts", "~/auth/guard.server"],
    ["app/domain/audio.ts", "~/components/forms"],
    ["app/contract/stations.ts", "~/domain/audio"],
    ["app/manager/stations.server.ts", "~/auth/guard.server"],
    ["app/manager/stations.server.ts", "~/utils/flash.server"],
    ["app/manager/stations.server.ts", "~/error-pages.server"],
    ["app/routes/_app.stations._index/route.tsx", "../../../simulator/index"],
    ["app/utils/url.ts", "../../simulator/state"],
    ["simulator/api/routes.ts", "../../app/auth/guard.server"],
    ["simulator/api/routes.ts", "../../app/manager/http.server"],
    ["lib/private-files.ts", "../app/contract/enums"],
  ])("%s may not import %s", async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).not.toEqual([]);
  });

  it.each([
    ["app/routes/_app.stations._index/route.tsx", "~/manager/stations.server"],
    ["app/routes/_app.stations._index/route.tsx", "./StationsTable"],
    ["app/components/stations/Badge.tsx", "~/domain/station-state"],
    ["app/domain/audio.ts", "~/contract/enums"],
    ["app/manager/stations.server.ts", "~/contract/paths"],
    ["simulator/api/routes.ts", "../../app/contract/paths"],
    ["simulator/api/routes.ts", "../../app/domain/permissions"],
    ["server/embedded-simulator.ts", "../simulator/index"],
  ])("%s may import %s", async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).toEqual([]);
  });
});
