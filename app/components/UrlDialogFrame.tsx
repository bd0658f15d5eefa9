// The frame of a dialog that is URL state (ConfirmDialog, the App view's overlays): rendered by
// the server when its query parameter is set; with JavaScript focus stays inside and Escape goes
// to the closing URL.
import { FocusTrap } from "#mantine/core/components/FocusTrap/FocusTrap.mjs";
import { Overlay } from "#mantine/core/components/Overlay/Overlay.mjs";
import { useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { Paper } from "~/components/ui/card";

const layerStyle = { position: "fixed", inset: 0, zIndex: 400 } as const;
const placeStyle = {
  position: "fixed",
  inset: 0,
  zIndex: 401,
  display: "grid",
  placeItems: "center",
  padding: "1rem",
  overflowY: "auto",
} as const;

export function UrlDialogFrame({
  titleId,
  describedBy,
  maxWidth,
  closeHref,
  onEscape,
  children,
}: {
  titleId: string;
  describedBy?: string;
  maxWidth: number;
  /** Where Escape goes: the same page without the dialog's query parameters. */
  closeHref: string;
  /** Escape does this instead (e.g. a cancel that posts the typed values back). */
  onEscape?: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div style={layerStyle}>
      <Overlay fixed backgroundOpacity={0.55} blur={1} zIndex={400} />
      <div style={placeStyle}>
        <FocusTrap active>
          <Paper
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={describedBy}
            withBorder
            shadow="xl"
            p="lg"
            w="100%"
            maw={maxWidth}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.stopPropagation();
                if (onEscape) onEscape();
                else navigate(closeHref, { preventScrollReset: true, replace: true });
              }
            }}
          >
            {children}
          </Paper>
        </FocusTrap>
      </div>
    </div>
  );
}
