// The console's mark (34 × 25 by default, spec §9).
export function Logo({ width = 34, height = 25 }: { width?: number; height?: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 34 25" aria-hidden="true" focusable="false">
      <rect width="34" height="25" rx="5" fill="#003746" />
      <path
        d="M8 17c2.5-6 5-6 7 0s4.5 6 7 0 4-6 4-6"
        fill="none"
        stroke="#0096d6"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
