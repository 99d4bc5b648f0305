/**
 * A text field of a request body as it is stored: the validators have checked it is a string,
 * and measured it without its outer spaces, so it is stored without them. Routes and ticket
 * fields both store text this way; it lives outside http/ so ticket code needs nothing from there.
 */
export const bodyText = (value: unknown) => String(value).trim();
