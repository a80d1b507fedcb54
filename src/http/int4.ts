/** The largest value of PostgreSQL's `integer` (int4), the type of serial ids and counters. */
export const INT4_MAX = 2_147_483_647;
