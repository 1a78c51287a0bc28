/** Largest value of the 32-bit integer primary keys the library's tables use. */
export const MAX_INT_ID = 2_147_483_647;
