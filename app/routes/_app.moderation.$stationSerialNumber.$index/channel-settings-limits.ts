// The channel name's limit, without zod: the form shows it before its schema is loaded.
export const channelNameMaxLength = 64;
