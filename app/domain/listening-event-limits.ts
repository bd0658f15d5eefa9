// The event form's limits, without zod: what the page shows (the schema is listening-events.ts).
export const eventTitleMaxLength = 100;
