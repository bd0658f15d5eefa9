// A spinning ring in the primary colour, for work in progress. Decorative: the element around it
// says what is loading.
export function Loader({ size }: { size?: "xs" | "sm" }) {
  return <span className="ui-loader" data-size={size} aria-hidden="true" />;
}
