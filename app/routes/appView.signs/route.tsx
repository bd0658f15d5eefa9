// /appView/signs: signs to print — one card per channel listeners see in the app (in app order),
// or, with ?station=<serial>&channel=<index>, for one channel; each with its QR code, name,
// station, channel ID, the PIN when ticked (?pins=1) and how to join, in English, German or both
// (?language=), on A4 sheets of four or A6 sheets of one (?layout=), by print CSS. No shell
// around it: what prints is the sheets alone (docs/decisions/061-printable-signs.md).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import type { loader as rootLoader } from "~/root";
import { pageRule } from "~/domain/signs";
import { pageTitle } from "~/utils/meta";
import { SignCard } from "./SignCard";
import { SignsControls } from "./SignsControls";
import { loadSigns } from "./signs.server";
import signStyles from "./signs.css";

export const links = () => [{ rel: "stylesheet", href: signStyles }];

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = (args) =>
  pageTitle("appView", args.data?.title)(args as Parameters<ReturnType<typeof pageTitle>>[0]);

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSigns(request);
}

/** The logo once in the page; each sign shows it by reference (a custom logo is a data: URL). */
function LogoDefinition({ logo }: { logo: string }) {
  return (
    <svg className="venue-signs-defs" aria-hidden="true" focusable="false">
      <defs>
        <image id="venue-sign-logo" href={logo} width="200" height="100" preserveAspectRatio="xMidYMid meet" />
      </defs>
    </svg>
  );
}

export default function SignsPage() {
  const { options, mayPrintPins, single, count, sheets, texts, branding } = useLoaderData<typeof loader>();
  const { t } = useTranslation("moderation");
  const colours = { "--sign-band": `#${branding.band}`, "--sign-frame": `#${branding.frame}` } as CSSProperties;
  return (
    <main id="main" className="venue-signs-page">
      <SignsControls
        options={options}
        mayPrintPins={mayPrintPins}
        single={single}
        count={count}
        sheetCount={sheets.length}
      />
      {/* The chosen paper for every printed page; a fixed rule per layout, nothing from the request in it. */}
      <style>{pageRule(options.layout)}</style>
      <LogoDefinition logo={branding.logo} />
      {/* Focusable: on a narrow screen it scrolls sideways, by keyboard too. */}
      {sheets.length > 0 ? (
        <section
          className="venue-signs-sheets"
          style={colours}
          data-testid="venue-signs"
          aria-label={t("signs.preview")}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box is reached by keyboard (WCAG 2.1.1)
          tabIndex={0}
        >
          {sheets.map((sheet, offset) => (
            <div
              key={sheet[0]!.id}
              className="venue-signs-sheet"
              data-layout={options.layout}
              data-testid="venue-signs-sheet"
              aria-label={t("signs.page", { number: offset + 1 })}
              role="group"
            >
              {sheet.map((sign) => (
                <SignCard key={sign.id} sign={sign} texts={texts} layout={options.layout} />
              ))}
            </div>
          ))}
        </section>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary standalone />;
}
