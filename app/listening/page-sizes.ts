// Rows a page of the listener history's lists shows: read by the loaders and by the components'
// page navigation alike, so never in a .server module (the browser build leaves those out, and a
// page size of undefined renders no navigation: a hydration mismatch).
export const breakdownPageSize = 20;
export const eventsPageSize = 20;
