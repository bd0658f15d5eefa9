// What a PDF Chromium printed holds, read from its text (Chromium writes the page objects
// uncompressed): how many pages, and the paper each names.

/** The PDF's pages (page objects) and the paper sizes it names, in points. */
export function pdfPages(pdf: Buffer) {
  const text = pdf.toString("latin1");
  const count = [...text.matchAll(/\/Type\s*\/Page(?![a-zA-Z])/g)].length;
  const sizes = [...text.matchAll(/\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map(
    (match) => ({ width: Number(match[3]) - Number(match[1]), height: Number(match[4]) - Number(match[2]) }),
  );
  return { count, sizes };
}

/** Millimetres in PDF points. */
export const points = (mm: number) => (mm * 72) / 25.4;
