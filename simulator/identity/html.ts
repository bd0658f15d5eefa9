import { createHash } from "node:crypto";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

// Colours are the console's (ci #003746); every pair passes WCAG AA contrast on white.
const style = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#1a1b1e;line-height:1.5}
  main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
  h1{margin:0 0 .25rem;font-size:1.5rem;color:#003746}
  p{margin:0 0 1rem}
  .hint{color:#495057;font-size:.875rem}
  label{display:block;font-weight:600;margin:1rem 0 .25rem}
  input{display:block;width:100%;padding:.5rem .75rem;font:inherit;border:1px solid #495057;border-radius:4px}
  input:focus,button:focus{outline:3px solid #0096d6;outline-offset:2px}
  input[aria-invalid=true]{border-color:#b00020}
  button{margin-top:1.5rem;width:100%;padding:.625rem;font:inherit;font-weight:600;color:#fff;background:#003746;border:0;border-radius:4px;cursor:pointer}
  .error{margin:1rem 0 0;padding:.75rem;border-left:4px solid #b00020;background:#fdecee;color:#8a0019}
`;

const styleHash = createHash("sha256").update(style).digest("base64");

/**
 * No scripts and no external assets: the page must work on kiosks without JavaScript, and
 * the policy lets in nothing but its own stylesheet. No form-action rule: after sign-in the
 * browser is redirected on to the console, which may live on another origin.
 */
export const contentSecurityPolicy = `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; frame-ancestors 'none'`;

export function renderPage({ title, body }: { title: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function renderMessagePage({ title, message }: { title: string; message: string }): string {
  return renderPage({
    title: `${title} – Station Console`,
    body: `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`,
  });
}

export const pageHeaders = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": contentSecurityPolicy,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const;
