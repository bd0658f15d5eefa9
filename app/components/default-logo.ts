// The listening app's own logo, shown in previews while no custom logo is set.
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100"><rect width="200" height="100" fill="none"/><path d="M40 62c12-28 24-28 34 0s22 28 34 0 20-28 20-28" fill="none" stroke="#0096D6" stroke-width="9" stroke-linecap="round"/><circle cx="160" cy="34" r="9" fill="#FFFFFF"/></svg>';

export const defaultLogoDataUrl = `data:image/svg+xml;base64,${typeof btoa === "function" ? btoa(svg) : Buffer.from(svg).toString("base64")}`;
