/** The longest rejection note, from a link or the dashboard. Shared with the dashboard's form. */
export const NOTE_MAX_LENGTH = 2000;
