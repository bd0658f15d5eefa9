// Mantine's Dropzone, loaded after hydration in a chunk of its own. @mantine/dropzone imports
// Mantine's package index and react-dropzone, so a route importing it loads all of Mantine before
// hydration (docs/decisions/047-performance-budget-and-upgrade-checklist.md#after-hydration).
// Until its chunk arrives, and for good if it fails to load, `fallback` renders in its place —
// for the image fields, the plain file input with its Upload button that works without
// JavaScript. The fallback is the very element the server rendered: hydration keeps it (no
// Suspense boundary, which would mount it anew), so a file the user chose before hydration is
// still in it.
import type { DropzoneProps } from "@mantine/dropzone";
import { useEffect, useState, type ComponentType, type ReactNode } from "react";

type Dropzone = ComponentType<DropzoneProps>;

let loaded: Dropzone | null = null;
let loading: Promise<Dropzone | null> | null = null;

function loadDropzone() {
  loading ??= import("@mantine/dropzone").then(
    (module) => (loaded = module.Dropzone as unknown as Dropzone),
    () => null,
  );
  return loading;
}

export function LazyDropzone({ fallback, ...props }: DropzoneProps & { fallback: ReactNode }) {
  // Already loaded on a client-side navigation; never during hydration (nothing has imported it).
  const [Loaded, setLoaded] = useState<Dropzone | null>(() => loaded);
  useEffect(() => {
    if (Loaded) return;
    let mounted = true;
    void loadDropzone().then((component) => {
      if (mounted && component) setLoaded(() => component);
    });
    return () => {
      mounted = false;
    };
  }, [Loaded]);
  return Loaded ? <Loaded {...props} /> : <>{fallback}</>;
}
