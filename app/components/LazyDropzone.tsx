// Mantine's Dropzone, loaded after hydration in a chunk of its own. @mantine/dropzone imports
// Mantine's package index and react-dropzone, so a route importing it loads all of Mantine before
// hydration (docs/decisions/050-plain-form-controls.md, "/appCustomization and the dropzone").
// The Dropzone only ever renders after hydration; until its chunk arrives, and if it fails to
// load, the fallback renders instead — for the image fields, the plain file input with its
// Upload button that works without JavaScript. Render it after hydration only (it suspends on
// the server).
import type { DropzoneProps } from "@mantine/dropzone";
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

type LazyDropzoneProps = DropzoneProps & { fallback: ReactNode };

const Dropzone = lazy<ComponentType<LazyDropzoneProps>>(() =>
  import("@mantine/dropzone").then(
    ({ Dropzone: Loaded }) => ({
      default: function LoadedDropzone({ fallback: _fallback, ...props }: LazyDropzoneProps) {
        return <Loaded {...props} />;
      },
    }),
    () => ({ default: ({ fallback }: LazyDropzoneProps) => fallback }),
  ),
);

export function LazyDropzone(props: LazyDropzoneProps) {
  return (
    <Suspense fallback={props.fallback}>
      <Dropzone {...props} />
    </Suspense>
  );
}
